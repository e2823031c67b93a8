/**
 * What `verify` checks a plan against, read as `inspect` reads it: a database's tables, or a
 * Salesforce org's objects, live (`salesforce://<My Domain host>`, `inspect-salesforce.ts`) or from
 * saved describe files (`--describe`, `inspect-describe.ts`). The same readers, so that verify sees
 * the traits inspect writes. An object or a file that cannot be read stops the run: verify would
 * otherwise call its planned object gone.
 *
 * @module
 */
import { countOf, type TableTraits } from '@querymode/core';
import { loadIntrospect } from '../database/load-introspect.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { oneLine } from '../io/one-line.js';
import { DATABASE_FLAGS, type InspectFlags, inspectFromFlags } from './inspect.js';

/** The tables (or objects) as they are now. */
export interface ReadNow {
  /** The database, or the org's host (or the describe files), as the `--json` document names it. */
  readonly database: string;
  readonly tables: readonly TableTraits[];
  /** Whether the names are unqualified object names (Salesforce), which `--table` and `--exclude` match whole. */
  readonly objects: boolean;
}

/** Refuses the flags that read a database with an org or describe files, as `inspect` does. */
function refuseDatabaseFlags(flags: InspectFlags, what: string): void {
  for (const [key, flag] of Object.entries(DATABASE_FLAGS))
    if (flags[key as keyof InspectFlags] !== undefined)
      throw usageError(`${flag} reads a database; ${what} (--table and --exclude select objects)`);
}

/** Stops the run when some object could not be read, naming each. */
function refuseProblems(problems: readonly string[]): void {
  if (problems.length === 0) return;
  throw new CliError(
    `${countOf(problems.length, 'part')} of the org could not be read; nothing was verified (an object not read would be called gone):\n${problems.map((p) => `  ${oneLine(p)}`).join('\n')}`,
    EXIT.failed,
  );
}

/**
 * Reads what the plan is checked against; `schemas` are those to read of a database (the
 * plan's, when its records name them).
 */
export async function readNow(
  url: string | undefined,
  flags: InspectFlags,
  schemas: string[] | undefined,
): Promise<ReadNow> {
  if (flags.describe !== undefined) {
    if (url !== undefined) throw usageError('give a database URL or --describe, not both');
    refuseDatabaseFlags(flags, '--describe reads Salesforce describe files');
    const { catalog, problems, files } = await (await import('./inspect-describe.js')).inspectFromDescribe(
      flags,
    );
    const exclude = (await loadIntrospect()).tableSelector({ exclude: flags.exclude ?? [] });
    refuseProblems(problems);
    return {
      database: countOf(files, 'describe file'),
      tables: catalog.tables.filter((t) => exclude('', t.table ?? '')),
      objects: true,
    };
  }
  if (flags.recordCounts !== undefined) throw usageError('--record-counts goes with --describe');
  if (url !== undefined && (await loadIntrospect()).isSalesforceUrl(url)) {
    refuseDatabaseFlags(flags, 'salesforce:// reads an org');
    const org = await (await import('./inspect-salesforce.js')).readSalesforce(url, flags);
    refuseProblems(org.problems);
    return { database: org.host, tables: org.catalog.tables, objects: true };
  }
  const report = await inspectFromFlags(url, schemas === undefined ? flags : { ...flags, schema: schemas });
  return { database: report.database, tables: report.tables, objects: false };
}

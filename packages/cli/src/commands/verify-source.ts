/**
 * What `verify` checks a plan against, read as `inspect` reads it: a database's tables, or the
 * objects of a source that is no database, live by its kind's reader (`salesforce://<My Domain
 * host>`, the kind its URL's scheme names: `inspect-source.ts`) or from saved Salesforce describe
 * files (`--describe`, `inspect-describe.ts`). The same readers, so that verify sees the traits
 * inspect writes. An object or a file that cannot be read stops the run: verify would
 * otherwise call its planned object gone.
 *
 * @module
 */
import { countOf, type TableTraits } from '@querymode/core';
import { KIND_LIST, type KindDescription, refuseKindFlags } from '../database/kinds.js';
import { loadIntrospect } from '../database/load-introspect.js';
import { refuseDatabaseOptions } from '../database/options.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { oneLine } from '../io/one-line.js';
import { type InspectFlags, inspectFromFlags, sourceKindOf } from './inspect.js';

/** The tables (or objects) as they are now. */
export interface ReadNow {
  /** The database, or the org's host (or the describe files), as the `--json` document names it. */
  readonly database: string;
  readonly tables: readonly TableTraits[];
  /** Whether the names are unqualified object names (Salesforce), which `--table` and `--exclude` match whole. */
  readonly objects: boolean;
}

/** The selection verify reads of describe files: `--table` and `--exclude` narrow plan and objects alike. */
const DESCRIBE_SELECTS = ['table', 'exclude'];

/** Stops the run when some object could not be read, naming each. */
function refuseProblems(problems: readonly string[]): void {
  if (problems.length === 0) return;
  throw new CliError(
    `${countOf(problems.length, 'part')} of the source could not be read; nothing was verified (an object not read would be called gone):\n${problems.map((p) => `  ${oneLine(p)}`).join('\n')}`,
    EXIT.failed,
  );
}

/** A source checked against the flags, not yet read (`nowSource`). */
export interface NowSource {
  /**
   * Whether the source is a database given by its URL (not `--sql`, `--sample-shop`, describe
   * files or another kind of source): one whose reading writes nothing but its progress line.
   */
  readonly fromDatabaseUrl: boolean;
  /** Reads it; `schemas` are those to read of a database (the plan's, when its records name them). */
  read(schemas: string[] | undefined): Promise<ReadNow>;
}

/**
 * The source the plan is checked against, its flags refused now, before anything is read (the
 * plan included); `kinds`: introspect's descriptions of the kinds of source.
 */
export function nowSource(
  url: string | undefined,
  flags: InspectFlags,
  kinds: readonly KindDescription[] = KIND_LIST,
): NowSource {
  if (flags.describe !== undefined) {
    if (url !== undefined) throw usageError('give a source URL or --describe, not both');
    refuseDatabaseOptions(flags, DESCRIBE_SELECTS, 'Salesforce describe files');
    refuseKindFlags(flags, 'Salesforce describe files', kinds);
    return { fromDatabaseUrl: false, read: () => readDescribe(flags) };
  }
  if (flags.recordCounts !== undefined) throw usageError('--record-counts goes with --describe');
  const kind = sourceKindOf(url, flags, 'verify', kinds);
  if (kind !== undefined && url !== undefined)
    return {
      fromDatabaseUrl: false,
      read: async () => {
        const source = await (await import('./inspect-source.js')).readSource(kind, url, flags, 'verify');
        refuseProblems(source.problems);
        return { database: source.origin, tables: source.tables, objects: true };
      },
    };
  return {
    fromDatabaseUrl: flags.sampleShop !== true && flags.sql === undefined,
    read: async (schemas) => {
      const report = await inspectFromFlags(
        url,
        schemas === undefined ? flags : { ...flags, schema: schemas },
      );
      return { database: report.database, tables: report.tables, objects: false };
    },
  };
}

/** The objects of saved Salesforce describe files, less those `--exclude` leaves out. */
async function readDescribe(flags: InspectFlags): Promise<ReadNow> {
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

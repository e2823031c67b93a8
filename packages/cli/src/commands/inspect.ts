/**
 * `querymode inspect [URL]`: reads table traits from a live database's catalogs (through
 * `@querymode/introspect`, loaded only here) and writes one traits record per table as NDJSON,
 * ready for `querymode recommend --ndjson`; `--json` writes one pretty document. Progress goes
 * to a TTY stderr, a summary to stderr. No message holds the password.
 *
 * @module
 */
import { countOf, shownString, type TableTraits, visibleName } from '@querymode/core';
import type { InspectReport, Timeouts } from '@querymode/introspect';
import {
  type InspectableKind,
  KIND_LIST,
  type KindDescription,
  type ReadKind,
  readKindOf,
  refuseFlagsNotRead,
  refuseKindFlags,
  refuseOtherKindsFlags,
} from '../database/kinds.js';
import { loadIntrospect } from '../database/load-introspect.js';
import { refuseDatabaseOptions } from '../database/options.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { oneLine } from '../io/one-line.js';
import { pgliteSnapshotFolder } from '../io/pglite-snapshot.js';
import { endProgress, progress } from '../io/progress.js';
import { summaryHead } from '../io/style.js';
import { checkOutputTarget, outputFile } from '../io/write.js';
import { parseDurationMinutes } from '../traits/duration.js';
import { countsOf, type RecordCounts, streamRecords, writeRecords } from './inspect-records.js';
import { readSqlScripts } from './sql-scripts.js';

/** Options of `inspect`. */
export interface InspectFlags {
  readonly schema?: string[];
  readonly table?: string[];
  readonly exclude?: string[];
  readonly include?: string[];
  readonly source?: InspectableKind;
  readonly connectTimeout?: string;
  readonly statementTimeout?: string;
  readonly observe?: string;
  readonly sampleShop?: boolean;
  /** PostgreSQL DDL files or folders of them, loaded into the embedded PostgreSQL (`sql-scripts.ts`). */
  readonly sql?: string[];
  readonly json?: boolean;
  /** `-o`: the file the records go to, whole or not at all. */
  readonly output?: string;
  // And each kind's own flags (`--sf-org-json`, ...), read by name from its description (`inspect-source.ts`).
  /** Salesforce describe files or folders (`inspect-describe.ts`), instead of a database. */
  readonly describe?: string[];
  /** With `describe`: the record-count file. */
  readonly recordCounts?: string;
}

/** The selection `--describe` reads: its files hold the objects whole, no pattern is applied. */
const DESCRIBE_SELECTS = ['table'];

function timeouts(flags: InspectFlags, defaults: Timeouts): Timeouts {
  const ms = (text: string | undefined, flag: string, fallback: number) => {
    if (text === undefined) return fallback;
    const value = parseDurationMinutes(text, flag, 'seconds') * 60_000;
    if (!(value > 0)) throw usageError(`${flag} must be more than zero`);
    return value;
  };
  return {
    connectMs: ms(flags.connectTimeout, '--connect-timeout', defaults.connectMs),
    statementMs: ms(flags.statementTimeout, '--statement-timeout', defaults.statementMs),
  };
}

/**
 * The options of `--observe`: the window in milliseconds (1 second to `maxMs`), and a line on
 * stderr once the first reading is done, since the wait is long.
 */
function observeOptions(
  text: string | undefined,
  maxMs: number,
): { observeMs?: number; onFirstReading?: (ms: number) => void } {
  if (text === undefined) return {};
  const observeMs = Math.round(parseDurationMinutes(text, '--observe') * 60_000);
  if (observeMs < 1000 || observeMs > maxMs)
    throw usageError(
      `--observe expects a window from 1s to 1d, such as 10m; received ${JSON.stringify(text)}`,
    );
  return {
    observeMs,
    onFirstReading: () => {
      endProgress();
      const until = new Date(Date.now() + observeMs).toISOString().slice(11, 19);
      process.stderr.write(
        `inspect: first reading of the change counters done; reading them again in ${text.trim()} (at ${until} UTC)\n`,
      );
    },
  };
}

/**
 * Inspects the database the URL, `QUERYMODE_DATABASE_URL` or the driver variables name (or the
 * embedded sample shop), and returns the report. Fails with a one-line, password-free error.
 * `onTable` takes each record as it is assembled (the report's `tables` is then empty); the next
 * record waits for the promise it returns.
 */
export async function inspectFromFlags(
  url: string | undefined,
  flags: InspectFlags,
  onTable?: (table: TableTraits) => void | Promise<void>,
): Promise<InspectReport> {
  const introspect = await loadIntrospect();
  const include = (flags.include ?? [])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const kind of include) {
    if (!(introspect.INCLUDE_KINDS as readonly string[]).includes(kind))
      throw usageError(
        `--include expects ${introspect.INCLUDE_KINDS.join(', ')}; received ${JSON.stringify(kind)}`,
      );
  }
  const options = {
    ...(flags.schema ? { schemas: flags.schema } : {}),
    ...(flags.table ? { tables: flags.table } : {}),
    ...(flags.exclude ? { exclude: flags.exclude } : {}),
    include: include as import('@querymode/introspect').IncludeKind[],
    ...observeOptions(flags.observe, introspect.MAX_OBSERVE_MS),
    ...(onTable !== undefined ? { onTable } : {}),
  };
  if (flags.sampleShop === true || flags.sql !== undefined) {
    if (url !== undefined)
      throw usageError(
        `give a database URL or ${flags.sql === undefined ? '--sample-shop' : '--sql'}, not both`,
      );
    refuseOtherKindsFlags(flags, introspect.EMBEDDED_KIND);
    const scripts = readSqlScripts(flags.sql ?? []);
    progress('inspect: starting the embedded PostgreSQL ...');
    const embedded = await introspect
      .openEmbedded(
        scripts,
        flags.sampleShop === true,
        pgliteSnapshotFolder(introspect.SNAPSHOT_FOLDER, include),
      )
      .catch((error: unknown) => {
        // The embedded database is an optional peer of @querymode/introspect: say what to install.
        if (error instanceof introspect.MissingDriverError) throw new CliError(error.message, EXIT.failed);
        throw error;
      });
    endProgress();
    for (const f of embedded.failures)
      process.stderr.write(
        `inspect: ${oneLine(f.script)}:${f.line}: the embedded PostgreSQL could not run ${oneLine(f.statement)}: ${oneLine(f.message)}\n`,
      );
    if (embedded.failures.length > 0)
      process.stderr.write(
        `inspect: ${embedded.failures.length} of ${embedded.statements} statements failed; the tables are read as the others left them\n`,
      );
    const client = embedded.client;
    try {
      progress('inspect: reading the catalog ...');
      const display = flags.sql === undefined ? introspect.SAMPLE_SHOP_DISPLAY : introspect.EMBEDDED_DISPLAY;
      const result = await introspect.inspectClient(client, introspect.EMBEDDED_KIND, options, display);
      endProgress();
      if (!result.ok) throw new CliError(result.issues[0]?.message ?? 'inspection failed', EXIT.failed);
      return result.value;
    } finally {
      await client.close();
    }
  }
  const target = introspect.resolveTarget(url, process.env, flags.source);
  if (!target.ok) throw usageError(target.issues[0]?.message ?? 'no database given');
  refuseOtherKindsFlags(flags, target.value.kind);
  const secret = target.value.password;
  try {
    progress(`inspect: connecting to ${target.value.display} ...`);
    const result = await introspect.inspectDatabase(target.value, {
      ...options,
      timeouts: timeouts(flags, introspect.DEFAULT_TIMEOUTS),
    });
    endProgress();
    if (!result.ok) throw new CliError(result.issues[0]?.message ?? 'inspection failed', EXIT.failed);
    return result.value;
  } catch (error) {
    endProgress();
    if (error instanceof CliError)
      throw new CliError(introspect.redact(error.message, [secret], [target.value.display]), error.exitCode);
    // Anything else (a bug) still never shows the password, nor a driver's stack.
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(
      `inspection failed: ${introspect.redact(message, [secret], [target.value.display])}`,
      EXIT.failed,
    );
  }
}

/** The stderr summary of a report; `counts`, of the records written when the report kept none. */
export function summaryLine(
  report: InspectReport,
  seconds: number,
  counts: RecordCounts = countsOf(report.tables),
): string {
  const n = counts.tables;
  const skipped = Object.entries(report.skipped).map(([what, count]) => `${count} ${what}`);
  const notes = counts.withNotes;
  return [
    `${summaryHead('inspect')} ${countOf(n, 'table')} from ${visibleName(report.database)} (${report.server}) in ${seconds.toFixed(2)} s, ${countOf(report.queries, 'catalog query')}`,
    ...(notes > 0 ? [`  ${notes} with notes (what could not be read, and where facts come from)`] : []),
    ...(skipped.length > 0 ? [`  skipped: ${skipped.join(', ')} (see --include)`] : []),
    ...(report.missingSchemas.length > 0
      ? [`  not found or not visible: schema ${report.missingSchemas.map((s) => shownString(s)).join(', ')}`]
      : []),
    ...(report.unmatched.length > 0 ? [`  no table matched: ${unmatchedNames(report)}`] : []),
  ].join('\n');
}

/** `--table "nope" (the nearest name: "notes")`, for each name given that no table has. */
function unmatchedNames(report: InspectReport): string {
  return report.unmatched
    .map(
      (u) =>
        `--table ${shownString(u.name)}${u.nearest === undefined ? '' : ` (the nearest name: ${shownString(u.nearest)})`}`,
    )
    .join(', ');
}

/**
 * Why no table came out, and what to do: the schemas not found, else the schemas read (with
 * what was skipped), and what the reader needs for a table to show in the catalog.
 */
export function noTableMessage(report: InspectReport): string {
  const names = (list: readonly string[]) => list.map((s) => shownString(s)).join(', ');
  const skipped = Object.entries(report.skipped).map(([what, count]) => `${count} ${what}`);
  if (report.missingSchemas.length === 0 && report.unmatched.length > 0)
    return `no tables: no table matched ${unmatchedNames(report)} in schema ${names(report.schemas)}; a table name is matched exactly, case included, alone or as schema.table (a table the reader cannot see is not listed either: see docs/inspect.md#least-privileges)`;
  const where =
    report.missingSchemas.length > 0
      ? `schema ${names(report.missingSchemas)} not found or not visible`
      : report.schemas.length === 0
        ? 'no schema to read (none visible to this user; name one with --schema)'
        : `none in schema ${names(report.schemas)}${skipped.length > 0 ? ` (skipped: ${skipped.join(', ')}; see --include)` : ''}`;
  return `no tables: ${where}. ${report.visibility}; see docs/inspect.md#least-privileges`;
}

/**
 * The kind of a source that is no database (`salesforce://`), by its URL's scheme, which brings
 * its reader; the database options, other kinds' flags and its own flags that `command` does not
 * read refused with it. Undefined for a database's URL, or none. `kinds`: introspect's descriptions.
 */
export function sourceKindOf(
  url: string | undefined,
  flags: InspectFlags,
  command: string,
  kinds: readonly KindDescription[] = KIND_LIST,
): ReadKind | undefined {
  const kind = url === undefined ? undefined : readKindOf(url, kinds);
  if (kind === undefined) return undefined;
  refuseDatabaseOptions(flags, kind.sourceReader.selects, kind.label);
  refuseOtherKindsFlags(flags, kind.kind, kinds);
  refuseFlagsNotRead(flags, kind, command);
  return kind;
}

/** Runs `inspect`. */
export async function runInspect(url: string | undefined, flags: InspectFlags): Promise<number> {
  if (flags.describe !== undefined) {
    if (url !== undefined) throw usageError('give a source URL or --describe, not both');
    refuseDatabaseOptions(flags, DESCRIBE_SELECTS, 'Salesforce describe files');
    refuseKindFlags(flags, 'Salesforce describe files');
    return (await import('./inspect-describe.js')).runInspectDescribe(flags);
  }
  if (flags.recordCounts !== undefined) throw usageError('--record-counts goes with --describe');
  const kind = sourceKindOf(url, flags, 'inspect');
  if (kind !== undefined && url !== undefined)
    return (await import('./inspect-source.js')).runInspectSource(kind, url, flags);
  const start = performance.now();
  const file = outputFile(flags.output);
  // A bad -o fails before the database is read.
  if (file !== undefined) checkOutputTarget(file, '-o');
  // NDJSON to stdout goes out as each record is assembled, none kept; `-o`'s file and `--json`'s
  // document are written whole, at the end.
  const stream = file === undefined && flags.json !== true ? streamRecords(endProgress) : undefined;
  const report = await inspectFromFlags(url, flags, stream?.add);
  const { database, server, tables } = report;
  if (stream === undefined) await writeRecords({ tables, database, server, json: flags.json === true, file });
  else await stream.end();
  const counts = stream?.counts() ?? countsOf(tables);
  process.stderr.write(`${summaryLine(report, (performance.now() - start) / 1000, counts)}\n`);
  if (counts.tables === 0) throw new CliError(noTableMessage(report), EXIT.failed);
  return EXIT.ok;
}

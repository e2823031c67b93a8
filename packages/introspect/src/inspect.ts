/**
 * Inspecting a database: connect, read the catalog with the dialect of its kind, and build one
 * `TableTraits` record per table.
 *
 * @module
 */
import type { SourceKind, TableTraits } from '@querymode/core';
import type { CatalogClient } from './client.js';
import { connectIssue, queryIssue } from './connect/errors.js';
import { redact } from './connect/secret.js';
import { DEFAULT_TIMEOUTS, type Timeouts } from './connect/timeouts.js';
import { type ConnectionTarget, DATABASE_KINDS, DATABASES, type DatabaseKind } from './databases/index.js';
import { openClient } from './databases/open.js';
import type { Dialect } from './read/catalog-read.js';
import { CounterLog } from './read/observe.js';
import type { InspectOptions } from './read/options.js';
import type { InspectIssue, InspectResult } from './result.js';

/** The catalog reader of each kind of database (from its description). */
export const DIALECTS: Readonly<Record<DatabaseKind, Dialect>> = Object.fromEntries(
  DATABASE_KINDS.map((k) => [k, DATABASES[k].reader]),
) as Record<DatabaseKind, Dialect>;

/** The traits model's source kind of each database kind (from its description). */
export const SOURCE_OF: Readonly<Record<DatabaseKind, SourceKind>> = Object.fromEntries(
  DATABASE_KINDS.map((k) => [k, DATABASES[k].source]),
) as Record<DatabaseKind, SourceKind>;

/** What an inspection found. */
export interface InspectReport {
  /** The database, as a URL without password. */
  readonly database: string;
  /** The server's product and version. */
  readonly server: string;
  /** How many catalog queries ran (a constant per kind of database). */
  readonly queries: number;
  /** Seconds spent reading the catalog (after the connection opened). */
  readonly seconds: number;
  /** One traits record per table, sorted by schema and name. */
  readonly tables: readonly TableTraits[];
  /** The schemas (MySQL: databases) read: those asked for, or every one the user can see. */
  readonly schemas: readonly string[];
  /** Schemas asked for that do not exist or are not visible. */
  readonly missingSchemas: readonly string[];
  /** What a user needs for a table to show in this database's catalog (for "no table found"). */
  readonly visibility: string;
  /** Relations skipped by kind, with counts. */
  readonly skipped: Readonly<Record<string, number>>;
}

/** The longest wait of `observeMs`: one day (a longer window is what the counters' own window gives). */
export const MAX_OBSERVE_MS = 86_400_000;

/** Options of an inspection through an open client. */
export interface InspectClientOptions extends InspectOptions {
  /**
   * Measure change rates (`inspect --observe`): read the catalog once, wait this many
   * milliseconds (1,000 to {@link MAX_OBSERVE_MS}), read it again, and take each table's inserts,
   * updates and deletes per day from the difference of its change counters over that window. The
   * server pays two catalog reads; the connection stays open and idle in between.
   */
  readonly observeMs?: number;
  /** Called once the first reading is done, before the wait (for a progress line). */
  readonly onFirstReading?: (waitMs: number) => void;
}

/** The issue of an observation window out of range, if it is. */
function observeIssue(observeMs: number | undefined): InspectIssue | undefined {
  if (observeMs === undefined || (observeMs >= 1000 && observeMs <= MAX_OBSERVE_MS)) return undefined;
  return {
    code: 'invalid_option',
    path: ['observeMs'],
    message: `the observation window must be from 1 second to 1 day; received ${observeMs} ms`,
  };
}

/** Options of an inspection. */
export interface InspectDatabaseOptions extends InspectClientOptions {
  /** Connect and statement timeouts (default 10 s and 60 s). */
  readonly timeouts?: Timeouts;
}

/**
 * Reads the catalog through an open client (a driver connection, PGlite, or recorded rows) with
 * the dialect of `kind`. Never throws: a failed query is an issue.
 */
export async function inspectClient(
  client: CatalogClient,
  kind: DatabaseKind,
  options: InspectClientOptions = {},
  display: string = kind,
): Promise<InspectResult<InspectReport>> {
  const start = performance.now();
  const observeMs = options.observeMs;
  const invalid = observeIssue(observeMs);
  if (invalid !== undefined) return { ok: false, issues: [invalid] };
  try {
    const dialect = DATABASES[kind].reader;
    let counters = new CounterLog();
    let firstQueries = 0;
    if (observeMs !== undefined) {
      firstQueries = (await dialect.read(client, options, counters)).queries;
      options.onFirstReading?.(observeMs);
      await new Promise((resolve) => setTimeout(resolve, observeMs));
      counters = new CounterLog(counters.reading());
    }
    const read = await dialect.read(client, options, counters);
    return {
      ok: true,
      value: {
        database: display,
        server: read.server,
        queries: firstQueries + read.queries,
        seconds: (performance.now() - start) / 1000,
        tables: read.tables,
        schemas: read.schemas,
        missingSchemas: read.missingSchemas,
        visibility: dialect.visibility,
        skipped: read.skipped,
      },
    };
  } catch (error) {
    return { ok: false, issues: [queryIssue(error, display, [])] };
  }
}

/**
 * Connects to the target, reads its catalog in a constant number of queries inside a read-only
 * transaction, and returns one traits record per table. Never throws; no message holds the
 * password.
 */
export async function inspectDatabase(
  target: ConnectionTarget,
  options: InspectDatabaseOptions = {},
): Promise<InspectResult<InspectReport>> {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const invalid = observeIssue(options.observeMs);
  if (invalid !== undefined) return { ok: false, issues: [invalid] };
  let client: CatalogClient;
  try {
    client = await openClient(target, timeouts);
  } catch (error) {
    return { ok: false, issues: [connectIssue(error, target.display, [target.password])] };
  }
  try {
    const result = await inspectClient(client, target.kind, options, target.display);
    if (result.ok) return result;
    return {
      ok: false,
      issues: result.issues.map((i) => ({ ...i, message: redactAll(i.message, target) })),
    };
  } finally {
    await client.close();
  }
}

const redactAll = (text: string, target: ConnectionTarget): string =>
  redact(text, [target.password], [target.display]);

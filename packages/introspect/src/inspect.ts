/**
 * Inspecting a database: connect, read the catalog with the reader of its kind, and build one
 * `TableTraits` record per table.
 *
 * @module
 */
import { shownString, type TableTraits } from '@querymode/core';
import type { CatalogClient } from './client.js';
import { connectIssue, queryIssue } from './connect/errors.js';
import { redact } from './connect/secret.js';
import { DEFAULT_TIMEOUTS, type Timeouts } from './connect/timeouts.js';
import {
  type ConnectionTarget,
  DATABASES,
  INSPECTABLE_KINDS,
  type InspectableKind,
} from './databases/index.js';
import { openClient } from './databases/open.js';
import { readInspectOptions } from './inspect-options.js';
import type { CatalogReader } from './read/catalog-read.js';
import { CounterLog } from './read/observe.js';
import type { InspectOptions } from './read/options.js';
import type { UnmatchedTable } from './read/walk.js';
import type { InspectResult } from './result.js';

/** The catalog reader of each kind of database (from its description). */
export const CATALOG_READERS: Readonly<Record<InspectableKind, CatalogReader>> = Object.fromEntries(
  INSPECTABLE_KINDS.map((k) => [k, DATABASES[k].reader]),
) as Record<InspectableKind, CatalogReader>;

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
  /** One traits record per table, sorted by schema and name; empty when the options' `onTable` took them. */
  readonly tables: readonly TableTraits[];
  /** The schemas (MySQL: databases) read: those asked for, or every one the user can see. */
  readonly schemas: readonly string[];
  /** Schemas asked for that do not exist or are not visible. */
  readonly missingSchemas: readonly string[];
  /** What a user needs for a table to show in this database's catalog (for "no table found"). */
  readonly visibility: string;
  /** Relations skipped by kind, with counts. */
  readonly skipped: Readonly<Record<string, number>>;
  /** Names given as tables that no relation of the schemas read has, each with the nearest name there. */
  readonly unmatched: readonly UnmatchedTable[];
}

export { MAX_OBSERVE_MS } from './inspect-options.js';

/** Options of an inspection through an open client. */
export interface InspectClientOptions extends InspectOptions {
  /**
   * Measure change rates (`inspect --observe`): read the catalog once, wait this many
   * milliseconds (1,000 to `MAX_OBSERVE_MS`, one day), read it again, and take each table's inserts,
   * updates and deletes per day from the difference of its change counters over that window. The
   * server pays two catalog reads; the connection stays open and idle in between.
   */
  readonly observeMs?: number;
  /**
   * Called once the first reading is done, before the wait (for a progress line). When it
   * returns a promise, the second reading waits for it too (a workload run in the window, say).
   */
  readonly onFirstReading?: (waitMs: number) => unknown;
}

/** Options of an inspection. */
export interface InspectDatabaseOptions extends InspectClientOptions {
  /** Connect and statement timeouts (default 10 s and 60 s). */
  readonly timeouts?: Timeouts;
}

/**
 * Reads the catalog through an open client (a driver connection, PGlite, or recorded rows) with
 * the catalog reader of `kind`. Never throws: a failed query is an issue, and so is an invalid option
 * (`invalid_option`, read with core's `readOptions`: `inspect-options.ts`).
 */
export async function inspectClient(
  client: CatalogClient,
  kind: InspectableKind,
  options: InspectClientOptions = {},
  display: string = kind,
): Promise<InspectResult<InspectReport>> {
  const start = performance.now();
  const read = readInspectOptions(options, 'client');
  if (!read.ok) return read;
  const o = read.value;
  const observeMs = o.observeMs;
  try {
    const reader = DATABASES[kind].reader;
    let counters = new CounterLog({ keep: observeMs !== undefined });
    let firstQueries = 0;
    if (observeMs !== undefined) {
      // The first reading's records are not the answer: none goes to `onTable`.
      firstQueries = (await reader.read(client, { ...o, onTable: undefined }, counters)).queries;
      const during = o.onFirstReading?.(observeMs);
      await Promise.all([new Promise((resolve) => setTimeout(resolve, observeMs)), during]);
      counters = new CounterLog({ baseline: counters.reading() });
    }
    const catalog = await reader.read(client, o, counters);
    return {
      ok: true,
      value: {
        database: display,
        server: catalog.server,
        queries: firstQueries + catalog.queries,
        seconds: (performance.now() - start) / 1000,
        tables: catalog.tables,
        schemas: catalog.schemas,
        missingSchemas: catalog.missingSchemas,
        visibility: reader.visibility,
        skipped: catalog.skipped,
        unmatched: catalog.unmatched,
      },
    };
  } catch (error) {
    return { ok: false, issues: [queryIssue(error, display, [])] };
  }
}

/**
 * Connects to the target, reads its catalog in a constant number of queries inside a read-only
 * transaction, and returns one traits record per table. Never throws; no message holds the
 * password. Invalid options are issues before connecting.
 */
export async function inspectDatabase(
  target: ConnectionTarget,
  options: InspectDatabaseOptions = {},
): Promise<InspectResult<InspectReport>> {
  const read = readInspectOptions(options, 'database');
  if (!read.ok)
    return {
      ok: false,
      issues: read.issues.map((i) => ({
        ...i,
        path: i.path.map((key) => (typeof key === 'string' ? redactAll(key, target) : key)),
        message: redactAll(i.message, target),
      })),
    };
  const { timeouts = DEFAULT_TIMEOUTS, ...clientOptions } = read.value;
  let client: CatalogClient;
  try {
    client = await openClient(target, timeouts);
  } catch (error) {
    return { ok: false, issues: [connectIssue(error, target.display, [target.password])] };
  }
  try {
    const result = await inspectClient(client, target.kind, clientOptions, target.display);
    if (result.ok) return result;
    return {
      ok: false,
      issues: result.issues.map((i) => ({ ...i, message: redactAll(i.message, target) })),
    };
  } finally {
    await client.close();
  }
}

/**
 * The text without the target's password: as written, percent-encoded, and as an issue quotes it
 * (escaped by core's `shownString`, for an option key that holds it).
 */
const redactAll = (text: string, target: ConnectionTarget): string => {
  const password = target.password.reveal();
  const quoted = password === '' ? '' : shownString(password).slice(1, -1);
  return redact(text, [target.password, quoted], [target.display]);
};

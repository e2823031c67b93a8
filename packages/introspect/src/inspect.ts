/**
 * Inspecting a database: connect, read the catalog with the dialect of its kind, and build one
 * `TableTraits` record per table.
 *
 * @module
 */
import type { SourceKind, TableTraits } from '@querymode/core';
import type { CatalogClient } from './client.js';
import { openClient } from './connect/drivers.js';
import { connectIssue, queryIssue } from './connect/errors.js';
import { redact } from './connect/secret.js';
import type { ConnectionTarget, DatabaseKind } from './connect/target.js';
import { DEFAULT_TIMEOUTS, type Timeouts } from './connect/timeouts.js';
import { mysqlDialect } from './dialects/mysql/read.js';
import { postgresDialect } from './dialects/postgres/read.js';
import { sqlServerDialect } from './dialects/sqlserver/read.js';
import type { Dialect } from './read/catalog-read.js';
import type { InspectOptions } from './read/options.js';
import type { InspectResult } from './result.js';

/** The dialect of each kind of database. */
export const DIALECTS: Readonly<Record<DatabaseKind, Dialect>> = {
  postgresql: postgresDialect,
  mysql: mysqlDialect,
  sqlserver: sqlServerDialect,
};

/** The traits model's source kind of each database kind. */
export const SOURCE_OF: Readonly<Record<DatabaseKind, SourceKind>> = {
  postgresql: 'postgresql',
  mysql: 'mysql',
  sqlserver: 'sqlserver',
};

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
  /** Schemas asked for that do not exist or are not visible. */
  readonly missingSchemas: readonly string[];
  /** Relations skipped by kind, with counts. */
  readonly skipped: Readonly<Record<string, number>>;
}

/** Options of an inspection. */
export interface InspectDatabaseOptions extends InspectOptions {
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
  options: InspectOptions = {},
  display: string = kind,
): Promise<InspectResult<InspectReport>> {
  const start = performance.now();
  try {
    const read = await DIALECTS[kind].read(client, options);
    return {
      ok: true,
      value: {
        database: display,
        server: read.server,
        queries: read.queries,
        seconds: (performance.now() - start) / 1000,
        tables: read.tables,
        missingSchemas: read.missingSchemas,
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

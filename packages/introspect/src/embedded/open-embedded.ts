/**
 * An embedded PostgreSQL (PGlite, in memory) loaded with the caller's DDL, statement by
 * statement, so that a project that keeps its schema in a `structure.sql` or in migration files
 * can be inspected (and verified) with no server. Optionally the sample shop first. A statement
 * PGlite cannot run (an extension it lacks, a role it does not have) is reported with its file and
 * line, never hidden; the statements after it still run.
 *
 * @module
 */
import type { CatalogClient, Row } from '../client.js';
import { importDriver } from '../connect/optional-import.js';
import type { InspectableKind } from '../kinds/description.js';
import { SAMPLE_SHOP_SQL } from '../sample-shop/schema.js';
import { fitsVersion, readFreshSnapshot } from './fresh-snapshot.js';
import { splitStatements } from './split-statements.js';

/** A script to load: its name (a file path, for messages) and its text. */
export interface SqlScript {
  readonly name: string;
  readonly text: string;
}

/** A statement that failed. */
export interface StatementFailure {
  readonly script: string;
  readonly line: number;
  /** The statement's first line, cut to 80 characters. */
  readonly statement: string;
  readonly message: string;
}

/** The embedded database, and the statements that failed to load. */
export interface Embedded {
  readonly client: CatalogClient;
  readonly failures: readonly StatementFailure[];
  /** Statements run, failed ones included. */
  readonly statements: number;
  /** How the fresh database was made: from the build's snapshot, or by initdb. */
  readonly started: 'snapshot' | 'initdb';
}

/** The kind the embedded database's catalog is read as. */
export const EMBEDDED_KIND: InspectableKind = 'postgresql';

/** How the embedded database is shown in messages. */
export const EMBEDDED_DISPLAY = 'the embedded PostgreSQL (PGlite, in memory)';

type PGliteClass = typeof import('@electric-sql/pglite').PGlite;
type PGliteDb = import('@electric-sql/pglite').PGlite;

/** `SELECT version()`, which names PGlite's release; empty when it cannot be had. */
const versionOf = (db: PGliteDb): Promise<string> =>
  db
    .query<{ version: string }>('SELECT version() AS version')
    .then((r) => r.rows[0]?.version ?? '')
    .catch(() => '');

/**
 * A fresh in-memory PGlite: from the snapshot in `snapshotFolder` when there is one that fits the
 * installed PGlite (see fresh-snapshot.ts), otherwise made by initdb (`PGlite.create()`). Both ask
 * for `version()` once, so that the session has run the same statements either way.
 */
async function startFresh(
  PGlite: PGliteClass,
  snapshotFolder: string | undefined,
): Promise<{ db: PGliteDb; started: Embedded['started'] }> {
  const snapshot = snapshotFolder === undefined ? undefined : await readFreshSnapshot(snapshotFolder);
  if (snapshot !== undefined) {
    const db = await PGlite.create({ loadDataDir: snapshot.data }).catch(() => undefined);
    if (db !== undefined) {
      if (fitsVersion(snapshot, await versionOf(db))) return { db, started: 'snapshot' };
      await db.close().catch(() => undefined);
    }
  }
  const db = await PGlite.create();
  await versionOf(db);
  return { db, started: 'initdb' };
}

/**
 * Starts an in-memory PGlite, loads the sample shop when asked, then each script in order.
 * `snapshotFolder`: where this package's build left the snapshot of a fresh database
 * (`dist/pglite-snapshot`), to start faster; without it, or when it does not fit, initdb runs.
 */
export async function openEmbedded(
  scripts: readonly SqlScript[],
  sampleShop = false,
  snapshotFolder?: string,
): Promise<Embedded> {
  const purpose = scripts.length === 0 && sampleShop ? 'the embedded sample shop' : 'the embedded PostgreSQL';
  const { PGlite } = await importDriver(
    '@electric-sql/pglite',
    purpose,
    () => import('@electric-sql/pglite'),
  );
  const { db, started } = await startFresh(PGlite, snapshotFolder);
  const failures: StatementFailure[] = [];
  let statements = 0;
  try {
    if (sampleShop) await db.exec(SAMPLE_SHOP_SQL);
    for (const script of scripts) {
      for (const s of splitStatements(script.text)) {
        statements += 1;
        try {
          await db.exec(s.text);
        } catch (error) {
          const first = s.text.split('\n')[0] ?? '';
          failures.push({
            script: script.name,
            line: s.line,
            statement: first.length > 80 ? `${first.slice(0, 79)}…` : first,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
    // Publish the statistics counters (pg_stat_all_tables) to the next queries.
    await db.query('SELECT pg_stat_force_next_flush()');
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return {
    client: {
      query: async (sql, params) => (await db.query(sql, params as unknown[])).rows as Row[],
      close: async () => {
        await db.close().catch(() => undefined);
      },
    },
    failures,
    statements,
    started,
  };
}

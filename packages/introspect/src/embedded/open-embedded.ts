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
import { SAMPLE_SHOP_SQL } from '../sample-shop/schema.js';
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
}

/** How the embedded database is shown in messages. */
export const EMBEDDED_DISPLAY = 'the embedded PostgreSQL (PGlite, in memory)';

/** Starts an in-memory PGlite, loads the sample shop when asked, then each script in order. */
export async function openEmbedded(scripts: readonly SqlScript[], sampleShop = false): Promise<Embedded> {
  const purpose = scripts.length === 0 && sampleShop ? 'the embedded sample shop' : 'the embedded PostgreSQL';
  const { PGlite } = await importDriver(
    '@electric-sql/pglite',
    purpose,
    () => import('@electric-sql/pglite'),
  );
  const db = await PGlite.create();
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
  };
}

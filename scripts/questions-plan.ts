/**
 * A generated plan whose answers matter, for the questions workflow (`recommend --ndjson
 * --questions`, fill in, `--answers`) and its benchmark: `n` tables in three thirds, as
 * `inspect` would write them except where a third says otherwise.
 *
 * - `events.*`: append-only tables with an identity key and an observed insert rate, whose
 *   updates are not known (the counters saw none in the window): `incrementing` is within reach
 *   once "does the table get updates?" is answered no.
 * - `app.*`: tables with an `updated_at` the application writes (no trigger or ON UPDATE: MariaDB
 *   read without the TRIGGER privilege, so whether the database sets it is not known), updates
 *   observed: `timestamp+incrementing` is within reach if the database sets it; answered
 *   `false` (the application writes it), the answer does not allow it.
 * - `legacy.*`: tables whose source is not given. `inspect` always knows the source of what it
 *   reads, so this third is traits a user wrote (or a file from elsewhere) without `source`; with
 *   a `timestamp` column (a row version on SQL Server) the advisor asks which kind of database it
 *   is: answered `mysql`, `timestamp+incrementing` is allowed.
 *
 * Usage: `tsx scripts/questions-plan.ts [tables=1000] [seed=42] > tables.ndjson`. Deterministic.
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import { prng } from '../bench/lib/traits-gen.js';

/** An identity primary key as `inspect` reads it: unique, growing with each insert. */
export const IDENTITY_KEY = {
  name: 'id',
  type: 'bigint',
  nullable: false,
  primary_key: true,
  unique: true,
  auto_increment: true,
};

/** The traits of table `i` of the plan (its third is `i % 3`). */
export function questionsPlanTraits(i: number, random: () => number): Record<string, unknown> {
  const rows = Math.floor(10 ** (4 + random() * 2.5));
  const inserts = Math.floor(rows / (20 + random() * 200));
  switch (i % 3) {
    case 0:
      return {
        table: `events.log_${i}`,
        schema: 'events',
        source: 'postgresql',
        pipeline_mode: 'table',
        rows,
        columns: [
          IDENTITY_KEY,
          { name: 'payload', type: 'jsonb', nullable: true },
          {
            name: 'created_at',
            type: 'timestamptz',
            nullable: false,
            set_on_insert: true,
            set_on_update: false,
          },
        ],
        changes: { inserts: 'yes', inserts_per_day: inserts, deletes: 'no', observed_days: 2 },
      };
    case 1:
      return {
        table: `app.orders_${i}`,
        schema: 'app',
        source: 'mysql',
        pipeline_mode: 'table',
        rows,
        columns: [
          IDENTITY_KEY,
          { name: 'status', type: 'varchar(20)', nullable: false },
          { name: 'updated_at', type: 'datetime', nullable: false, set_on_insert: false },
        ],
        changes: {
          inserts: 'yes',
          updates: 'yes',
          deletes: 'no',
          inserts_per_day: inserts,
          updates_per_day: Math.floor(inserts / 2),
          observed_days: 2,
        },
        notes: ['without the TRIGGER privilege, whether a trigger sets a column on update is not known'],
      };
    default:
      return {
        table: `legacy.t_${i}`,
        pipeline_mode: 'table',
        rows,
        columns: [
          IDENTITY_KEY,
          { name: 'modified', type: 'timestamp', nullable: false, set_on_update: true },
        ],
        changes: {
          inserts: 'yes',
          updates: 'yes',
          deletes: 'no',
          inserts_per_day: inserts,
          updates_per_day: Math.floor(inserts / 3),
        },
      };
  }
}

/** The plan's `n` lines of traits (JSON, no newline), from `seed`. */
export function* questionsPlanLines(n: number, seed = 42): Generator<string> {
  const random = prng(seed);
  for (let i = 0; i < n; i++) yield JSON.stringify(questionsPlanTraits(i, random));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const n = Number(process.argv[2] ?? 1000);
  const seed = Number(process.argv[3] ?? 42);
  for (const line of questionsPlanLines(n, seed)) process.stdout.write(`${line}\n`);
}

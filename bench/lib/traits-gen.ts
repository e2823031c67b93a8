/**
 * A deterministic generator of varied table traits, one JSON object per line, for the NDJSON
 * benchmark: tables with and without auto-updated timestamps, identity columns, change
 * tracking, large and small row counts, unknown facts.
 *
 * @module
 */

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SOURCES = ['postgresql', 'mysql', 'sqlserver', 'oracle'] as const;
const TYPES = ['varchar(255)', 'integer', 'numeric(12,2)', 'text', 'boolean', 'date'] as const;

/** The traits of table number `i`, drawn from `random`. */
export function makeTraits(i: number, random: () => number): Record<string, unknown> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const source = pick(SOURCES);
  const columns: Record<string, unknown>[] = [
    {
      name: 'id',
      type: 'bigint',
      nullable: false,
      unique: true,
      primary_key: true,
      auto_increment: random() < 0.8,
    },
  ];
  if (random() < 0.7) {
    columns.push({
      name: 'updated_at',
      type: source === 'sqlserver' ? 'datetime2' : 'timestamp',
      nullable: random() < 0.2,
      set_on_update: random() < 0.7,
    });
  }
  if (random() < 0.5)
    columns.push({ name: 'created_at', type: 'timestamp', nullable: false, set_on_insert: true });
  if (random() < 0.3) columns.push({ name: 'uuid', type: 'uuid', nullable: false, unique: true });
  const extra = 2 + Math.floor(random() * 10);
  for (let c = 0; c < extra; c++)
    columns.push({ name: `col_${c}`, type: pick(TYPES), nullable: random() < 0.5 });
  const updates = random() < 0.6 ? 'yes' : random() < 0.5 ? 'no' : 'unknown';
  const traits: Record<string, unknown> = {
    table: `schema_${i % 50}.table_${i}`,
    source,
    pipeline_mode: 'table',
    rows: Math.floor(10 ** (2 + random() * 6)),
    columns,
    changes: {
      inserts: 'yes',
      updates,
      deletes: random() < 0.3 ? 'yes' : 'unknown',
      inserts_per_day: Math.floor(random() * 100_000),
      ...(updates === 'yes' ? { updates_per_day: Math.floor(random() * 50_000) } : {}),
    },
    replication_frequency_minutes: pick([15, 60, 360, 1440]),
  };
  if (source === 'sqlserver' && random() < 0.6) {
    traits.change_tracking = {
      database_enabled: true,
      table_enabled: random() < 0.7,
      retention_minutes: pick([1440, 2880, 10080]),
    };
  }
  return traits;
}

/** `count` NDJSON lines of traits, generated from `seed`. */
export function* traitsLines(count: number, seed = 1): Generator<string> {
  const random = prng(seed);
  for (let i = 0; i < count; i++) yield JSON.stringify(makeTraits(i, random));
}

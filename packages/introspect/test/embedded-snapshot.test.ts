/**
 * The embedded PostgreSQL started from the build's snapshot of a fresh database
 * (`dist/pglite-snapshot`, made by `build-snapshot.mjs`) is the database initdb makes: the sample
 * shop and a DDL script with hostile names, loaded into each, give the same inspect report, byte
 * for byte, and the same statistics (pg_stat counters, reltuples), settings and version. A
 * snapshot that is missing, altered, unreadable or made by another PGlite is not used.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import {
  type Embedded,
  inspectClient,
  openEmbedded,
  openSampleShop,
  SNAPSHOT_FOLDER,
  type SqlScript,
} from '@querymode/introspect';
import { afterAll, describe, expect, it } from 'vitest';
import { readFreshSnapshot } from '../src/embedded/fresh-snapshot.js';

const BUILT = join(import.meta.dirname, '..', 'dist', SNAPSHOT_FOLDER);
const work = mkdtempSync(join(tmpdir(), 'querymode-snapshot-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the build's snapshot in a folder of this test's own, changed by `change`. */
function alteredCopy(name: string, change: (folder: string) => void): string {
  const folder = join(work, name);
  cpSync(BUILT, folder, { recursive: true });
  change(folder);
  return folder;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const SCHEMA = quoted('Shop "quoted" \\ $$ ;--\u202e');
const EVENTS = `${SCHEMA}.${quoted('events\nnew line $qm$ é')}`;
const CODES = `${SCHEMA}.${quoted("codes' \u001b[31m$tag$")}`;
/** A DDL script with hostile names, a dollar-quoted trigger function, changes and an ANALYZE. */
const HOSTILE: SqlScript = {
  name: 'hostile "names" $$.sql',
  text: `CREATE SCHEMA ${SCHEMA};
CREATE TABLE ${EVENTS} (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, ${quoted('$$ note')} text, updated_at timestamptz NOT NULL DEFAULT now());
CREATE FUNCTION ${SCHEMA}.${quoted('touch $$')}() RETURNS trigger LANGUAGE plpgsql AS $qm$ BEGIN NEW.updated_at := now(); RETURN NEW; END; $qm$;
CREATE TRIGGER ${quoted('touch\ttrigger')} BEFORE UPDATE ON ${EVENTS} FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.${quoted('touch $$')}();
INSERT INTO ${EVENTS} (${quoted('$$ note')}) SELECT 'note ' || g FROM generate_series(1, 300) AS g;
UPDATE ${EVENTS} SET ${quoted('$$ note')} = 'changed' WHERE id % 3 = 0;
DELETE FROM ${EVENTS} WHERE id % 7 = 0;
ANALYZE ${EVENTS};
CREATE TABLE ${CODES} (code text PRIMARY KEY, label text);
INSERT INTO ${CODES} VALUES ('a', 'A'), ('b', 'B');
CREATE EXTENSION no_such_extension;
`,
};

/**
 * Everything inspect reads of `embedded`, as text: its report (the seconds it took set to 0), then
 * the statistics behind it for every table and view outside the system schemas, the database's
 * statistics window, the settings and the version. Not compared: the system catalogs' counters
 * and analyze times, which initdb leaves in memory and a snapshot cannot carry (so the CLI starts
 * with initdb when asked for `--include system-schemas`), and indexes, which inspect does not
 * read (the sample shop's uuid index differs in size from one run to the next anyway).
 */
async function whatInspectReads(embedded: Embedded): Promise<string> {
  const { client } = embedded;
  // The statistics counters a backend keeps are published at most once a second, so what a read
  // sees depends on how long the scripts took; publish them all first, in both databases alike.
  await client.query('SELECT pg_stat_force_next_flush()');
  await client.query('SELECT 1');
  const report = await inspectClient(client, 'postgresql');
  const statistics = await client.query(`
    SELECT c.oid::int8 AS oid, n.nspname, c.relname, c.relkind, c.reltuples, c.relpages,
           pg_stat_get_tuples_inserted(c.oid) AS ins, pg_stat_get_tuples_updated(c.oid) AS upd,
           pg_stat_get_tuples_deleted(c.oid) AS del, pg_stat_get_live_tuples(c.oid) AS live,
           pg_stat_get_dead_tuples(c.oid) AS dead, pg_stat_get_mod_since_analyze(c.oid) AS mod,
           pg_stat_get_last_analyze_time(c.oid) IS NULL AS never_analyzed
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind <> 'i' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
    ORDER BY c.oid`);
  const database = await client.query(
    `SELECT datname, stats_reset, numbackends FROM pg_stat_database ORDER BY datname`,
  );
  const settings = await client.query('SELECT name, setting, source FROM pg_settings ORDER BY name');
  const version = await client.query('SELECT version()');
  await client.close();
  const failures = embedded.failures.map((f) => `${f.script}:${f.line}: ${f.message}`);
  return JSON.stringify(
    {
      report: report.ok ? { ...report.value, seconds: 0 } : report,
      failures,
      statistics,
      database,
      settings,
      version,
    },
    null,
    1,
  );
}

describe('the embedded PostgreSQL started from the build snapshot', () => {
  it.each([
    ['the sample shop', [] as SqlScript[], true],
    ['a DDL script with hostile names', [HOSTILE], false],
  ] as const)(
    'reads the same as one made by initdb: %s',
    async (_, scripts, sampleShop) => {
      const fromSnapshot = await openEmbedded(scripts, sampleShop, BUILT);
      expect(fromSnapshot.started).toBe('snapshot');
      const snapshotReads = await whatInspectReads(fromSnapshot);
      const fresh = await openEmbedded(scripts, sampleShop);
      expect(fresh.started).toBe('initdb');
      const freshReads = await whatInspectReads(fresh);
      expect(snapshotReads).toBe(freshReads);
      // What was compared is not empty: the tables, their statistics and the failed statement.
      expect(freshReads).toContain(sampleShop ? 'shop.orders' : 'codes');
      expect(freshReads).toContain('PGlite');
      if (!sampleShop) expect(freshReads).toContain('no_such_extension');
    },
    // A guard against a hang, not a measure: two embedded databases passed 120 s at a load of 22 (stop 46).
    600_000,
  );
});

describe('openSampleShop given the snapshot folder', () => {
  it('starts from the snapshot: the sample shop, with the roles initdb inserted not counted', async () => {
    const shop = await openSampleShop(BUILT);
    try {
      // initdb's inserts into the system catalogs are counted in memory, not kept in a data
      // folder: 17 for pg_authid after initdb, none after a start from the snapshot.
      const [authid] = await shop.query(
        `SELECT n_tup_ins::int AS inserted FROM pg_stat_all_tables WHERE relid = 'pg_catalog.pg_authid'::regclass`,
      );
      expect(authid).toEqual({ inserted: 0 });
      const tables = await shop.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'shop' ORDER BY 1`,
      );
      expect(tables.map((t) => t.table_name)).toContain('orders');
    } finally {
      await shop.close();
    }
  }, 600_000);
});

describe('a snapshot that does not fit is not used', () => {
  it('is not read when it is missing, altered, or its manifest is not one', async () => {
    expect(await readFreshSnapshot(BUILT)).toBeDefined();
    expect(await readFreshSnapshot(join(work, 'missing'))).toBeUndefined();
    const flipped = alteredCopy('flipped', (folder) => {
      const bytes = readFileSync(join(folder, 'fresh.tar.br'));
      bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
      writeFileSync(join(folder, 'fresh.tar.br'), bytes);
    });
    expect(await readFreshSnapshot(flipped)).toBeUndefined();
    const notJson = alteredCopy('not-json', (folder) => writeFileSync(join(folder, 'manifest.json'), '{'));
    expect(await readFreshSnapshot(notJson)).toBeUndefined();
    const noDigest = alteredCopy('no-digest', (folder) =>
      writeFileSync(join(folder, 'manifest.json'), JSON.stringify({ version: 'x' })),
    );
    expect(await readFreshSnapshot(noDigest)).toBeUndefined();
  });

  /** A copy whose manifest says `version` made it (its digest still matches). */
  const madeBy = (name: string, version: (built: string) => string) =>
    alteredCopy(name, (folder) => {
      const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
      writeFileSync(
        join(folder, 'manifest.json'),
        JSON.stringify({ ...manifest, version: version(manifest.version) }),
      );
    });

  it('starts with initdb when another PGlite made the snapshot, or PGlite cannot load it', async () => {
    const otherPglite = madeBy('other-pglite', (v) => v.replace(/PGlite [0-9.]+/, 'PGlite 0.0.1'));
    // Brotli that matches its digest but holds no tarball, under the right version.
    const garbage = madeBy('garbage', (v) => v);
    const notATarball = brotliCompressSync('not a tarball');
    writeFileSync(join(garbage, 'fresh.tar.br'), notATarball);
    const manifest = JSON.parse(readFileSync(join(garbage, 'manifest.json'), 'utf8'));
    const sha256 = createHash('sha256').update(notATarball).digest('hex');
    writeFileSync(join(garbage, 'manifest.json'), JSON.stringify({ ...manifest, sha256 }));
    for (const folder of [otherPglite, garbage]) {
      const embedded = await openEmbedded([], true, folder);
      expect(embedded.started, folder).toBe('initdb');
      const tables = await embedded.client.query(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'shop'",
      );
      expect(tables).toEqual([{ n: 5 }]);
      await embedded.client.close();
    }
  }, 600_000);
});

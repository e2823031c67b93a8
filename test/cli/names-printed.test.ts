/**
 * Names that would act on a terminal or a page (escape sequences, an OSC title, raw newlines and
 * tabs, a U+202E) are shown escaped in every human output: `demo --url` on a PostgreSQL schema
 * that holds them, `recommend --traits`, `validate --traits`, `explain`, and the report page. A
 * newline or tab in a name is escaped by core (`shownName`), since the writer cannot tell it from
 * the layout; NDJSON and SQL keep the names raw.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODES, shownName, visibleName } from '@querymode/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshName, PG_READER_URL, withPostgres } from '../../packages/introspect/test/support/servers.js';
import { detailRecords, runCli, tempDir } from './run-cli.js';

const TABLE = 'orders\u001b[31mred\u001b]0;pwned\u0007\u202eX\rY';
const COLUMNS = {
  id: 'id\nDROP',
  stamp: 'up\tdated\u001b[2J',
  other: 'note\u202etxt',
};

/** What must never reach a terminal raw: ESC, BEL, U+202E, CR, and a name's newline or tab. */
function expectNothingRaw(output: string, what: string): void {
  for (const raw of ['\u001b', '\u0007', '\u202e', '\r', 'id\nDROP', 'up\tdated'])
    expect(output.includes(raw), `${what}: ${JSON.stringify(raw)} printed raw`).toBe(false);
}

describe('shownName', () => {
  it('escapes what would act or lay out, and reads back as the name', () => {
    for (const name of [TABLE, ...Object.values(COLUMNS), 'a`b\\c"d', 'plain_name']) {
      const shown = shownName(name);
      expect(shown).toBe(`\`${visibleName(name)}\``);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
      expect(shown.slice(1, -1)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e`]/);
      expect(JSON.parse(`"${visibleName(name).replaceAll('"', '\\"')}"`)).toBe(name);
    }
    expect(shownName('id\nDROP')).toBe('`id\\nDROP`');
    expect(shownName('plain_name')).toBe('`plain_name`');
  });
});

describe('names printed by the CLI', () => {
  const traits = {
    table: TABLE,
    source: 'postgresql',
    rows: 1000,
    columns: [
      { name: COLUMNS.id, type: 'bigint', nullable: false },
      { name: COLUMNS.stamp, type: 'timestamptz', nullable: false, set_on_update: false },
      { name: COLUMNS.other, type: 'text' },
    ],
  };

  it('recommend --traits and validate --traits escape them, in colour or not', () => {
    const dir = tempDir();
    const file = join(dir, 'traits.json');
    writeFileSync(file, JSON.stringify(traits));
    const body = join(dir, 'body.json');
    writeFileSync(
      body,
      JSON.stringify({
        config: {
          mode: 'timestamp+incrementing',
          incrementing_column_name: COLUMNS.id,
          timestamp_column_name: COLUMNS.stamp,
        },
      }),
    );
    for (const env of [{}, { FORCE_COLOR: '1', NO_COLOR: '' }]) {
      for (const args of [
        ['recommend', '--traits', file],
        ['validate', body, '--traits', file],
      ]) {
        const r = runCli(args, { env });
        // The CLI's own colour codes are the only escape sequences it writes.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes start with ESC.
        const all = (r.stdout + r.stderr).replace(/\u001b\[(?:1|2|22|31|32|33|36|39)m/g, '');
        expectNothingRaw(all, args.join(' '));
        expect(all, args.join(' ')).toContain(shownName(COLUMNS.stamp));
      }
    }
    const plain = runCli(['recommend', '--traits', file]).stdout;
    expect(plain).toContain(`table: ${shownName(TABLE)}`);
    const checked = runCli(['validate', body, '--traits', file]).stdout;
    expect(checked).toContain('`id\\nDROP`');
  });

  it('explain of every mode prints nothing raw', () => {
    for (const mode of MODES) {
      const r = runCli(['explain', mode.id]);
      expect(r.status, r.stderr).toBe(0);
      expectNothingRaw(r.stdout + r.stderr, `explain ${mode.id}`);
    }
  });

  it('recommend --ndjson keeps the names raw in its fields', () => {
    const r = runCli(['recommend', '--ndjson', '--detail'], { input: `${JSON.stringify(traits)}\n` });
    const [record] = detailRecords(r.stdout).records;
    expect(record.table).toBe(TABLE);
  });
});

describe('names read by demo --url from PostgreSQL, and the report page', () => {
  const schema = freshName('qm_t');
  const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
  beforeAll(async () => {
    await withPostgres((c) =>
      c.query(
        `CREATE SCHEMA ${q(schema)};
         CREATE TABLE ${q(schema)}.${q(TABLE)} (${q(COLUMNS.id)} bigint PRIMARY KEY, ${q(COLUMNS.stamp)} timestamptz NOT NULL DEFAULT now(), ${q(COLUMNS.other)} text);
         GRANT USAGE ON SCHEMA ${q(schema)} TO qm_reader;
         GRANT SELECT ON ALL TABLES IN SCHEMA ${q(schema)} TO qm_reader;`,
      ),
    );
  });
  afterAll(async () => {
    await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS ${q(schema)} CASCADE`));
  });

  it('demo --url shows every name escaped, and so does the page it writes', () => {
    const dir = tempDir();
    const page = join(dir, 'plan.html');
    const r = runCli(['demo', '--url', PG_READER_URL, '--schema', schema, '--report', page]);
    expect(r.status, r.stderr).toBe(0);
    expectNothingRaw(r.stdout + r.stderr, 'demo --url');
    expect(r.stdout).toContain(visibleName(TABLE));
    expect(r.stdout).toContain('`id\\nDROP`');
    const html = readFileSync(page, 'utf8');
    // The page holds the records as data for its script (raw names, in JSON); the script shows them
    // with `visibleName` (checked in a browser by test/report-in-browser.test.ts).
    expect(html).not.toContain('\u202e');
    expect(html).not.toContain('\u001b');
  });
});

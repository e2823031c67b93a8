/**
 * The kinds of database as data: one description each (`src/databases/`), whose schemes, ports,
 * parameters and variables the URL and environment readers use, and no comparison of a kind's
 * name anywhere else in the package's sources.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SOURCE_KINDS } from '@querymode/core';
import {
  DATABASES,
  INSPECTABLE_KINDS,
  KINDS,
  parseDatabaseUrl,
  resolveTarget,
  URL_SCHEMES,
} from '@querymode/introspect';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('database descriptions', () => {
  it('each kind is described once, under its own name, with its reader and source', () => {
    expect([...INSPECTABLE_KINDS].sort()).toEqual(['mysql', 'postgresql', 'sqlserver']);
    for (const kind of INSPECTABLE_KINDS) {
      const d = DATABASES[kind];
      expect(d.kind).toBe(kind);
      expect(SOURCE_KINDS).toContain(kind);
      // The plain description the CLI reads at start is the one the driver side connects with.
      expect(d).toMatchObject(KINDS[kind]);
      expect(typeof d.reader.read).toBe('function');
      for (const scheme of d.schemes) expect(URL_SCHEMES[scheme]).toBe(kind);
    }
  });
  it('every scheme of a description parses to its kind, default port and display scheme', () => {
    for (const kind of INSPECTABLE_KINDS) {
      const d = DATABASES[kind];
      for (const scheme of d.schemes) {
        const t = parseDatabaseUrl(`${scheme}//u@db.example.com/app`);
        if (!t.ok) throw new Error(t.issues[0]?.message);
        expect([t.value.kind, t.value.port]).toEqual([kind, d.defaultPort]);
        expect(t.value.display).toBe(`${d.schemes[0]}//u@db.example.com:${d.defaultPort}/app`);
      }
    }
  });
  it('each kind is found from its own environment variables alone', () => {
    for (const kind of INSPECTABLE_KINDS) {
      const names = DATABASES[kind].environment;
      const t = resolveTarget(undefined, { [names.host]: 'db.example.com', [names.user]: 'reader' });
      if (!t.ok) throw new Error(t.issues[0]?.message);
      expect([t.value.kind, t.value.host, t.value.user]).toEqual([kind, 'db.example.com', 'reader']);
    }
  });
  it('no source outside src/databases compares a kind of database by its name', () => {
    const kinds = INSPECTABLE_KINDS.join('|');
    const comparison = new RegExp(`(===|!==|case)\\s*'(${kinds})'|'(${kinds})'\\s*(===|!==)`);
    const found = sources(SRC)
      .filter((f) => !relative(SRC, f).startsWith('databases'))
      .filter((f) => comparison.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(found).toEqual([]);
  });
});

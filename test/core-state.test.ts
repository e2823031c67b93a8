/**
 * @querymode/core holds no mutable module state: no module-level `let` or `var`, and no
 * module-level map, set or typed array that a function changes after the module is loaded (a
 * cache, scratch space). What a module builds at load time and only reads afterwards is fine.
 * One exception, with its reason: the zod schemas entry registers list envelopes in the schema
 * registry when they are first asked for, and keeps them so that an id is registered once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE_SRC = join(import.meta.dirname, '..', 'packages', 'core', 'src');

/** Files allowed module state, and why. */
const ALLOWED: { readonly [file: string]: string } = {
  'schemas/list-envelope.ts':
    "zod's registry is mutable by design: an envelope schema is registered when first asked for, once per id",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** What in a module's text is mutable module state. */
function moduleState(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:export )?(?:let|var) (\w+)/gm)) found.push(`module-level ${m[0]}`);
  for (const m of text.matchAll(
    /^(?:export )?const (\w+)(?::[^=]*)? = (?:\[\s*)?new (?:WeakMap|Map|Set|WeakSet|Int32Array|Uint8Array|Float64Array|Array)\b/gm,
  )) {
    const name = m[1] as string;
    const changed = new RegExp(
      `\\b${name}(?:\\[[^\\]]*\\])*\\s*(?:\\.(?:set|add|delete|clear|fill|push)\\(|\\[[^\\]]+\\]\\s*=[^=])`,
    );
    if (changed.test(text.slice((m.index ?? 0) + m[0].length))) found.push(`${name}, changed after load`);
  }
  return found;
}

describe('core holds no mutable module state', () => {
  it('finds none in any module of core', () => {
    const offenders = sourceFiles(CORE_SRC).flatMap((file) => {
      const rel = relative(CORE_SRC, file).split('\\').join('/');
      if (ALLOWED[rel] !== undefined) return [];
      return moduleState(readFileSync(file, 'utf8')).map((what) => `${rel}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });

  it('finds a cache, a scratch array and a module-level let (the check is live)', () => {
    expect(
      moduleState('const cache = new WeakMap<object, string>();\nfunction f(k) { cache.set(k, "x"); }'),
    ).toEqual(['cache, changed after load']);
    expect(moduleState('const rows = [\n  new Int32Array(8),\n];\nfunction f() { rows[0][1] = 2; }')).toEqual(
      ['rows, changed after load'],
    );
    expect(moduleState('let count = 0;')).toEqual(['module-level let count']);
    expect(moduleState('const TIME = new Set(["a"]);\nconst f = (x) => TIME.has(x);')).toEqual([]);
  });
});

/**
 * `@querymode/core` does not load zod: its zod schemas (the request's, the traits', the output
 * records') are in `@querymode/core/schemas`, so that code that only validates or advises starts
 * without building them (about 0.1 s of import time).
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

/** The source files a bundle of `entry` reads. */
async function inputsOf(entry: string): Promise<string[]> {
  const out = await build({
    entryPoints: [join(SRC, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    format: 'esm',
    conditions: ['source'],
    logLevel: 'silent',
  });
  return Object.keys(out.metafile.inputs);
}

describe('the entry points of @querymode/core', () => {
  it('the main entry loads no zod, the records included', async () => {
    const inputs = await inputsOf('index.ts');
    expect(inputs.filter((f) => f.includes('/zod/'))).toEqual([]);
    expect(inputs.some((f) => f.includes('/records/'))).toBe(true);
  });

  it('the schemas entry holds the output records schemas (the check is live)', async () => {
    const inputs = await inputsOf('schemas-entry.ts');
    expect(inputs.some((f) => f.includes('/zod/'))).toBe(true);
    expect(inputs.some((f) => f.endsWith('records/recommend-schemas.ts'))).toBe(true);
  });
});

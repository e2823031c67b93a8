import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DOCS } from '../scripts/generated-docs.js';

const root = join(import.meta.dirname, '..');

describe('generated docs are up to date (run `pnpm run docs` to regenerate)', async () => {
  for (const doc of await GENERATED_DOCS()) {
    it(doc.path, () => {
      const committed = readFileSync(join(root, doc.path), 'utf8');
      expect(
        committed === doc.content,
        `${doc.path} is stale: run \`pnpm run docs\` and commit the result`,
      ).toBe(true);
    });
  }
});

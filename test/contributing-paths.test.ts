/**
 * CONTRIBUTING.md names the files each common change touches: every path it names (other than a
 * pattern such as `rules/<mode>/<check>.ts`) exists, so the guide cannot silently go stale when
 * files move.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const guide = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');

describe('CONTRIBUTING.md', () => {
  it('names only paths that exist', () => {
    const named = [...guide.matchAll(/`((?:packages|scripts|test|docs)\/[^`\s]+)`/g)]
      .map((m) => m[1] ?? '')
      .filter((p) => !p.includes('<') && !p.includes('*'));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it('has a recipe, naming the files it touches, for a mode, a source kind and a trait fact', () => {
    for (const title of ['Add a mode', 'Add a source kind (a database or a CRM)', 'Add a trait fact']) {
      const section = guide.split(/^## \d+\. /m).find((s) => s.startsWith(`${title}\n`));
      expect(section, title).toBeDefined();
      expect(section?.match(/`packages\/[^`\s]+`/g)?.length ?? 0, title).toBeGreaterThanOrEqual(3);
    }
  });
});

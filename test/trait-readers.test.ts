/**
 * A trait is added in one place, the field table (`packages/core/src/advisor/traits/model.ts`),
 * plus the generator (`pnpm run docs`): in a scratch copy of core, the CLI's sources and the docs
 * scripts, a made-up column trait and a made-up table trait with a flag are added to the table
 * alone, each with its fact; after the generators run, the fact readers, the quick check, the
 * validator, the zod schema, the CLI's flags and the docs all know them, and the committed
 * readers (without them) refuse them.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as committedFacts from '../packages/core/src/advisor/facts/generated/read-facts.js';
import * as committed from '../packages/core/src/advisor/traits/generated/readers.js';
import { FACT_READERS_PATH, FACT_TYPES_PATH } from '../scripts/docs/fact-readers.js';
import { TRAIT_READERS_PATH } from '../scripts/docs/trait-readers.js';

const root = join(import.meta.dirname, '..');

const COLUMN_TRAIT = `  {
    name: 'indexed',
    kind: 'boolean',
    required: false,
    fact: { name: 'indexed', as: 'tri' },
    description: 'Whether the column is indexed (made up by a test).',
    attribute: { whenTrue: 'indexed' },
  },
`;
const TABLE_TRAIT = `  {
    name: 'made_up_count',
    kind: 'count',
    required: false,
    fact: { name: 'madeUpCount', as: 'value' },
    description: 'A count made up by a test.',
    flag: { name: 'made-up-count', value: '<n>', reads: 'count', help: 'a made-up count' },
  },
`;

/** The model's text with a field added at the end of the list `list`. */
function addField(model: string, list: string, field: string): string {
  const start = model.indexOf(`export const ${list} = [`);
  const end = model.indexOf('] as const satisfies', start);
  if (start < 0 || end < 0) throw new Error(`no ${list} in model.ts`);
  return model.slice(0, end) + field + model.slice(end);
}

let scratch = '';
const load = <T>(path: string): Promise<T> => import(pathToFileURL(join(scratch, path)).href) as Promise<T>;

beforeAll(async () => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  // Inside the repository, so that the copies find the packages' dependencies as the sources do.
  scratch = mkdtempSync(join(root, '.tmp', 'trait-readers-'));
  // The docs' examples take the identity key of the plan generator (scripts/questions-plan.ts), which reads bench/lib.
  for (const dir of [
    'packages/core/src',
    'packages/cli/src',
    'scripts/docs',
    'scripts/questions-plan.ts',
    'bench/lib/traits-gen.ts',
  ])
    cpSync(join(root, dir), join(scratch, dir), { recursive: true });
  for (const pkg of ['core', 'cli'])
    symlinkSync(join(root, 'packages', pkg, 'node_modules'), join(scratch, 'packages', pkg, 'node_modules'));
  // The CLI's flags and the docs read the scratch core, not the installed one.
  for (const file of ['packages/cli/src/traits/flags.ts', 'scripts/docs/recommend-md.ts']) {
    const path = join(scratch, file);
    const core = relative(dirname(path), join(scratch, 'packages/core/src/index.js'));
    writeFileSync(path, readFileSync(path, 'utf8').replace("from '@querymode/core';", `from '${core}';`));
  }
  const modelPath = join(scratch, 'packages/core/src/advisor/traits/model.ts');
  let model = readFileSync(modelPath, 'utf8');
  model = addField(model, 'COLUMN_TRAIT_FIELDS', COLUMN_TRAIT);
  model = addField(model, 'TABLE_TRAIT_FIELDS', TABLE_TRAIT);
  writeFileSync(modelPath, model);
  // The generator, run on the scratch model, as `pnpm run docs` runs it on the real one.
  const generator = await load<typeof import('../scripts/docs/trait-readers.js')>(
    'scripts/docs/trait-readers.ts',
  );
  const scratchModel = await load<typeof import('../packages/core/src/advisor/traits/model.js')>(
    'packages/core/src/advisor/traits/model.ts',
  );
  writeFileSync(join(scratch, TRAIT_READERS_PATH), generator.renderTraitReaders(scratchModel));
  const facts = await load<typeof import('../scripts/docs/fact-readers.js')>('scripts/docs/fact-readers.ts');
  const column = await load<typeof import('../packages/core/src/advisor/facts/column-facts.js')>(
    'packages/core/src/advisor/facts/column-facts.ts',
  );
  const table = await load<typeof import('../packages/core/src/advisor/facts/table-facts.js')>(
    'packages/core/src/advisor/facts/table-facts.ts',
  );
  const derived = {
    table: Object.keys(table.UNDERIVED_TABLE_FACTS),
    column: Object.keys(column.UNDERIVED_COLUMN_FACTS),
  };
  writeFileSync(join(scratch, FACT_TYPES_PATH), facts.renderFactTypes(scratchModel));
  writeFileSync(join(scratch, FACT_READERS_PATH), facts.renderFactReaders(scratchModel, derived));
}, 120_000);

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

describe('a trait added to the field table alone', () => {
  it('is read into the facts by the generated strict and lenient readers, and passes their quick check', async () => {
    const r = await load<typeof committedFacts>(FACT_READERS_PATH);
    const quick = await load<typeof committed>(TRAIT_READERS_PATH);
    const { INVALID } = await load<typeof import('../packages/core/src/advisor/traits/read-support.js')>(
      'packages/core/src/advisor/traits/read-support.ts',
    );
    const traits = { made_up_count: 3, columns: [{ name: 'id', indexed: true }] };
    const strict = r.readTableFactsStrict(traits, undefined);
    expect(strict).not.toBe(INVALID);
    expect(strict).toMatchObject({ madeUpCount: 3, columns: [{ name: 'id', indexed: 'yes' }] });
    expect(quick.isTableValid(traits)).toBe(true);
    expect(r.readTableFactsStrict({ columns: [{ name: 'id', indexed: 'yes' }] }, undefined)).toBe(INVALID);
    expect(r.readTableFactsStrict({ made_up_count: -1 }, undefined)).toBe(INVALID);
    expect(r.readTableFactsLenient({ columns: [{ name: 'id', indexed: 'yes' }] }, undefined)).toMatchObject({
      columns: [{ name: 'id', indexed: 'unknown' }],
    });
    expect(r.readTableFactsLenient({ made_up_count: 2.5 }, undefined)).toMatchObject({
      madeUpCount: undefined,
    });
    // The committed readers, generated from the table without them, refuse both.
    expect(committedFacts.readTableFactsStrict(traits, undefined)).toBeTypeOf('symbol');
    expect(committed.isTableValid(traits)).toBe(false);
  });

  it('is checked by the validator and the zod schema', async () => {
    const { validateTableTraits } = await load<
      typeof import('../packages/core/src/advisor/traits/validate.js')
    >('packages/core/src/advisor/traits/validate.ts');
    const { tableTraitsSchema } = await load<typeof import('../packages/core/src/schemas/traits.js')>(
      'packages/core/src/schemas/traits.ts',
    );
    const good = { made_up_count: 3, columns: [{ name: 'id', indexed: false }] };
    const bad = { made_up_count: -1, columns: [{ name: 'id', indexed: 'yes' }] };
    expect(validateTableTraits(good).ok).toBe(true);
    expect(tableTraitsSchema.safeParse(good).success).toBe(true);
    const issues = validateTableTraits(bad);
    expect(issues.ok).toBe(false);
    if (!issues.ok)
      expect(issues.issues.map((i) => [i.code, i.path])).toEqual([
        ['invalid_number', ['made_up_count']],
        ['invalid_type', ['columns', 0, 'indexed']],
      ]);
    expect(tableTraitsSchema.safeParse(bad).success).toBe(false);
  });

  it('gives the CLI its flag and its --column word, and the docs their rows', async () => {
    const flags = await load<typeof import('../packages/cli/src/traits/flags.js')>(
      'packages/cli/src/traits/flags.ts',
    );
    expect(flags.TABLE_FLAGS.map((f) => f.flag.name)).toContain('made-up-count');
    expect(flags.COLUMN_ATTRIBUTES.indexed).toEqual({ indexed: true });
    const docs = await load<typeof import('../scripts/docs/recommend-md.js')>('scripts/docs/recommend-md.ts');
    const page = docs.renderRecommendMarkdown();
    expect(page).toContain('| `made_up_count` |');
    expect(page).toContain('`--made-up-count <n>`');
    expect(page).toContain('| `indexed` |');
  });
});

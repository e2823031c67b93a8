/**
 * A trait is added in one place, the field table (`packages/core/src/advisor/traits/model.ts`),
 * plus the generator (`pnpm run docs`): in a scratch copy of core, the CLI's sources and the docs
 * scripts, a made-up column trait and a made-up table trait with a flag are added to the table
 * alone, each with its fact; after the generators run, the fact readers, the quick check, the
 * validator, the zod schema, the CLI's flags and the docs all know them, and the committed
 * readers (without them) refuse them. So is a kind of value: two made-up kinds (a closed list of
 * words, a number with its own range) are one entry each of `TRAIT_KINDS`, used by two made-up
 * table traits.
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

/** A kind of its own words, and a number kind of its own range. */
const KINDS = `  made_up_level: { base: 'string', options: ['low', 'mid', 'high'] },
  made_up_percent: {
    base: 'number',
    integer: false,
    min: 0,
    exclusive: false,
    max: 100,
    expected: 'a finite number from 0 to 100',
  },
`;
const KIND_TRAITS = `  {
    name: 'made_up_level',
    kind: 'made_up_level',
    required: false,
    fact: { name: 'madeUpLevel', as: 'value' },
    description: 'A level made up by a test.',
    flag: { name: 'made-up-level', value: '<level>', reads: 'choice', help: 'a made-up level' },
  },
  {
    name: 'made_up_share',
    kind: 'made_up_percent',
    required: false,
    fact: { name: 'madeUpShare', as: 'value' },
    description: 'A share made up by a test.',
  },
`;

/** The model's text with the entries added at the end of the kinds, `TRAIT_KINDS`. */
function addKinds(model: string, kinds: string): string {
  const start = model.indexOf('export const TRAIT_KINDS = {');
  const end = model.indexOf('} as const satisfies', start);
  if (start < 0 || end < 0) throw new Error('no TRAIT_KINDS in model.ts');
  return model.slice(0, end) + kinds + model.slice(end);
}

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
  model = addKinds(model, KINDS);
  model = addField(model, 'TABLE_TRAIT_FIELDS', KIND_TRAITS);
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

describe('a kind of value added to TRAIT_KINDS alone', () => {
  const good = { made_up_level: 'mid', made_up_share: 100 };

  it('is read by the generated strict and lenient readers, and passes their quick check within its words and range', async () => {
    const r = await load<typeof committedFacts>(FACT_READERS_PATH);
    const quick = await load<typeof committed>(TRAIT_READERS_PATH);
    const { INVALID } = await load<typeof import('../packages/core/src/advisor/traits/read-support.js')>(
      'packages/core/src/advisor/traits/read-support.ts',
    );
    expect(quick.isTableValid(good)).toBe(true);
    expect(r.readTableFactsStrict(good, undefined)).toMatchObject({ madeUpLevel: 'mid', madeUpShare: 100 });
    for (const bad of [{ made_up_level: 'Mid' }, { made_up_share: 100.5 }, { made_up_share: -1 }]) {
      expect(quick.isTableValid(bad)).toBe(false);
      expect(r.readTableFactsStrict(bad, undefined)).toBe(INVALID);
    }
    expect(r.readTableFactsLenient({ made_up_level: 'x', made_up_share: 101 }, undefined)).toMatchObject({
      madeUpLevel: undefined,
      madeUpShare: undefined,
    });
    // The generated types name the words of a kind model.ts gives no type name.
    expect(readFileSync(join(scratch, FACT_TYPES_PATH), 'utf8')).toContain(
      "readonly madeUpLevel: 'low' | 'mid' | 'high' | undefined;",
    );
    expect(committed.isTableValid(good)).toBe(false);
  });

  it('gives the validator its issues, with its words or its range in the message, and the zod schema its rules', async () => {
    const { validateTableTraits } = await load<
      typeof import('../packages/core/src/advisor/traits/validate.js')
    >('packages/core/src/advisor/traits/validate.ts');
    const schemas = await load<typeof import('../packages/core/src/schemas/traits.js')>(
      'packages/core/src/schemas/traits.ts',
    );
    expect(validateTableTraits(good).ok).toBe(true);
    expect(schemas.tableTraitsSchema.safeParse(good).success).toBe(true);
    const bad = validateTableTraits({ made_up_level: 'hihg', made_up_share: 100.5 });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.issues.map((i) => [i.code, i.path, i.message])).toEqual([
        [
          'invalid_option',
          ['made_up_level'],
          '`made_up_level`: expected one of `low`, `mid`, `high`, received "hihg"; did you mean `high`?',
        ],
        [
          'invalid_number',
          ['made_up_share'],
          '`made_up_share`: expected a finite number from 0 to 100, received number 100.5.',
        ],
      ]);
    const wrongType = validateTableTraits({ made_up_level: 1, made_up_share: '5' });
    if (!wrongType.ok)
      expect(wrongType.issues.map((i) => [i.code, i.path])).toEqual([
        ['invalid_type', ['made_up_level']],
        ['invalid_type', ['made_up_share']],
      ]);
    expect(wrongType.ok).toBe(false);
    for (const value of [{ made_up_level: 'hihg' }, { made_up_share: 100.5 }, { made_up_share: -0.5 }])
      expect(schemas.tableTraitsSchema.safeParse(value).success).toBe(false);
    const json = schemas.tableTraitsJsonSchema() as { $defs: { TableTraits: { properties: object } } };
    expect(json.$defs.TableTraits.properties).toMatchObject({
      made_up_level: { type: 'string', enum: ['low', 'mid', 'high'] },
      made_up_share: { type: 'number', minimum: 0, maximum: 100 },
    });
  });

  it('gives the CLI its choice flag, and the docs its words and range', async () => {
    const flags = await load<typeof import('../packages/cli/src/traits/flags.js')>(
      'packages/cli/src/traits/flags.ts',
    );
    const level = flags.TABLE_FLAGS.find((f) => f.flag.name === 'made-up-level');
    if (level === undefined) throw new Error('no --made-up-level');
    expect(flags.flagHelp(level)).toBe('a made-up level: low, mid, high');
    expect(flags.readFlag(level, 'high')).toBe('high');
    expect(() => flags.readFlag(level, 'hihg')).toThrow(
      '--made-up-level: unknown value "hihg"; did you mean high? (one of: low, mid, high)',
    );
    const docs = await load<typeof import('../scripts/docs/recommend-md.js')>('scripts/docs/recommend-md.ts');
    const page = docs.renderRecommendMarkdown();
    expect(page).toMatch(/\| `made_up_level` \|[^\n]*one of `low`, `mid`, `high`/);
    expect(page).toMatch(/\| `made_up_share` \|[^\n]*a finite number from 0 to 100/);
  });
});

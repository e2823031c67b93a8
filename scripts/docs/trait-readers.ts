/**
 * Writes the trait checks from the traits field table (`packages/core/src/advisor/traits/model.ts`):
 * for each object of the model (the traits, a column, `changes`, `change_tracking`) its quick check
 * (valid or not sure, without allocating), and the test of each kind of value, which the validator
 * reads; the tests and types of the kinds serve the fact readers too (`fact-readers.ts`).
 * `pnpm run docs` writes the file; the drift test (test/generated-docs.test.ts) fails when it is
 * stale. Adding a field or a kind of value (`TRAIT_KINDS`) to the model needs no change here.
 *
 * The code is unrolled (one `case` per field, each kind's test written in place) because the
 * quick check runs once per table on `validateTableTraits`' path: see docs/benchmarks.md, "advisor".
 *
 * @module
 */
import type {
  TraitField,
  TraitKindSpec,
  TraitValueKind,
} from '../../packages/core/src/advisor/traits/model.js';

/** What the generator reads of the model: the field lists and the kinds of value. */
export interface TraitModel {
  readonly TABLE_TRAIT_FIELDS: readonly TraitField[];
  readonly COLUMN_TRAIT_FIELDS: readonly TraitField[];
  readonly CHANGE_TRAIT_FIELDS: readonly TraitField[];
  readonly CHANGE_TRACKING_TRAIT_FIELDS: readonly TraitField[];
  readonly TRAIT_KINDS: { readonly [kind: string]: TraitKindSpec };
}

/** Where the generated file lives. */
export const TRAIT_READERS_PATH = 'packages/core/src/advisor/traits/generated/readers.ts';

/** One object of the model: its name in the generated functions and its fields. */
interface ObjectSpec {
  readonly name: string;
  readonly what: string;
  readonly fields: readonly TraitField[];
}

/** The nested kinds: the object each reads (a list of columns reads `Column`s). */
const NESTED: { readonly [K in TraitValueKind]?: string } = {
  changes: 'Changes',
  change_tracking: 'ChangeTracking',
};

/** The names model.ts gives the types of its lists of words, which the generated files import. */
const NAMED: { readonly [kind: string]: string } = {
  source: 'SourceKind',
  pipeline_mode: 'PipelineMode',
  change_answer: 'ChangeAnswer',
};

/** The spec of a kind (`TRAIT_KINDS`). */
function specOf(model: TraitModel, kind: TraitValueKind): TraitKindSpec {
  const spec = model.TRAIT_KINDS[kind];
  if (spec === undefined) throw new Error(`trait-readers: no spec for the kind ${kind}`);
  return spec;
}

/** The TypeScript type of a value of a kind that is not a list of columns or a nested object. */
export function typeOf(model: TraitModel, kind: TraitValueKind): string {
  const spec = specOf(model, kind);
  switch (spec.base) {
    case 'string':
      if (spec.options === undefined) return 'string';
      return NAMED[kind] ?? spec.options.map(quote).join(' | ');
    case 'boolean':
    case 'number':
      return spec.base;
    case 'list':
      return 'readonly string[]';
  }
  throw new Error(`trait-readers: no type for the kind ${kind}`);
}

/** The test of a value `v` of a scalar kind, as an expression that narrows `v` to the kind's type. */
export function testOf(model: TraitModel, kind: TraitValueKind): string {
  const spec = specOf(model, kind);
  switch (spec.base) {
    case 'string':
      if (spec.options !== undefined) return `(${spec.options.map((w) => `v === ${quote(w)}`).join(' || ')})`;
      if (spec.fieldKind === 'column_name') return 'isColumnName(v)';
      return "typeof v === 'string'";
    case 'boolean':
      return "typeof v === 'boolean'";
    case 'number': {
      const finite = spec.integer ? 'Number.isSafeInteger(v)' : 'Number.isFinite(v)';
      const max = spec.max === undefined ? '' : ` && v <= ${spec.max}`;
      return `typeof v === 'number' && ${finite} && v ${spec.exclusive ? '>' : '>='} ${spec.min}${max}`;
    }
    case 'list':
      return 'isStringList(v)';
  }
  throw new Error(`trait-readers: no test for the kind ${kind}`);
}

/** The reader of a nested kind, in a mode (`Strict`, `Lenient`) or its quick check (`Valid`). */
function nestedCall(kind: TraitValueKind): string | undefined {
  if (kind === 'columns') return 'columnsValid(v)';
  const object = NESTED[kind];
  return object === undefined ? undefined : `is${object}Valid(v)`;
}

/** A string literal in the house's quotes. */
export const quote = (s: string): string => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const requiredCount = (o: ObjectSpec): number => o.fields.filter((f) => f.required).length;

/** One `for...in` pass over a record's keys, a `case` for each field; `otherwise` for any other key. */
function keyPass(cases: readonly string[], otherwise: string): string {
  return `  for (const key in value) {
    const v = value[key];
    switch (key) {
${cases.join('\n')}
      default:
        ${otherwise}
    }
  }`;
}

function quickCheck(model: TraitModel, o: ObjectSpec): string {
  const cases = o.fields.map((f) => {
    const test = nestedCall(f.kind) ?? testOf(model, f.kind);
    return `      case ${quote(f.name)}:\n        if (!(${test})) return false;\n${f.required ? '        required++;\n' : ''}        break;`;
  });
  return `/** Whether ${o.what} is valid, by one \`for...in\` pass over its keys without allocating (false: not sure, the validator decides). */
export function is${o.name}Valid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
${keyPass(cases, 'return false;')}
  return required === ${requiredCount(o)};
}`;
}

function columnLists(column: ObjectSpec): string {
  const nameField = column.fields.find((f) => f.kind === 'column_name' && f.required);
  if (nameField === undefined) throw new Error('trait-readers: a column has no required column_name field');
  const name = nameField.name;
  return `/** Whether a list of columns is valid: at most \`PAIRWISE_MAX\` columns, each valid, no name twice (false: not sure). */
export function columnsValid(list: unknown): boolean {
  if (!Array.isArray(list) || list.length > PAIRWISE_MAX) return false;
  const names: string[] = [];
  for (const column of list) {
    if (!isColumnValid(column)) return false;
    const name = (column as { ${name}: string }).${name};
    if (names.includes(name)) return false;
    names.push(name);
  }
  return true;
}`;
}

function kindTests(model: TraitModel): string {
  const kinds = new Set<TraitValueKind>();
  for (const o of objects(model)) for (const f of o.fields) kinds.add(f.kind);
  const entries = [...kinds].map((k) => `  ${k}: (v) => ${nestedCall(k) ?? testOf(model, k)},`);
  return `/** The test of a value of each kind of the field table (a nested object or list: its quick check). */
export const KIND_TESTS: { readonly [kind: string]: (v: unknown) => boolean } = {
${entries.join('\n')}
};`;
}

function objects(model: TraitModel): ObjectSpec[] {
  return [
    { name: 'Table', what: 'a traits record', fields: model.TABLE_TRAIT_FIELDS },
    { name: 'Column', what: 'a column', fields: model.COLUMN_TRAIT_FIELDS },
    { name: 'Changes', what: '`changes`', fields: model.CHANGE_TRAIT_FIELDS },
    { name: 'ChangeTracking', what: '`change_tracking`', fields: model.CHANGE_TRACKING_TRAIT_FIELDS },
  ];
}

/** The generated readers' source for a model. */
export function renderTraitReaders(model: TraitModel): string {
  const parts = objects(model).map((o) => quickCheck(model, o));
  const column = objects(model).find((o) => o.name === 'Column') as ObjectSpec;
  return `/**
 * The trait checks, generated from the field table (\`model.ts\`) by scripts/docs/trait-readers.ts:
 * do not edit; change the table and run \`pnpm run docs\`. Each object's fields are checked in one
 * \`for...in\` pass; nesting is the model's (a record, its columns, \`changes\`, \`change_tracking\`),
 * never the input's, so no check recurses deeper than that. The fact readers are
 * \`facts/generated/read-facts.ts\`.
 *
 * @module
 */
import { isColumnName, isRecord, isStringList, PAIRWISE_MAX } from '../read-support.js';

${parts.join('\n\n')}

${columnLists(column)}

${kindTests(model)}
`;
}

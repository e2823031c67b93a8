/**
 * Writes the fact readers from the traits field table (`packages/core/src/advisor/traits/model.ts`):
 * each field's `fact` says where its value goes in the advisor's facts, and the readers write it
 * there as they read the field, into the one facts object of the table and of each column (no
 * object of values in between). What follows from several facts (a type's family, the primary
 * key, whether a kind of change happens) is the one hand-written step of each object:
 * `deriveColumnFacts` (`facts/column-facts.ts`) and `deriveTableFacts` (`facts/table-facts.ts`),
 * which fill the derived facts the reader leaves at their `UNDERIVED_*` values. Two files: the
 * types of the facts read (`fact-types.ts`, which the hand-written facts types extend) and the
 * readers (`read-facts.ts`). `pnpm run docs` writes them; the drift test holds them fresh.
 *
 * The code is unrolled (one `case` per field, nested objects read in their parent's pass) because
 * the readers run once per table on `chooseMode`'s path: see docs/benchmarks.md, "advisor".
 *
 * @module
 */
import type { TraitField, TraitValueKind } from '../../packages/core/src/advisor/traits/model.js';
import { quote, type TraitModel, testOf, typeOf } from './trait-readers.js';

/** Where the generated files live. */
export const FACT_TYPES_PATH = 'packages/core/src/advisor/facts/generated/fact-types.ts';
export const FACT_READERS_PATH = 'packages/core/src/advisor/facts/generated/read-facts.ts';

/** The keys of the derived facts of each object, which its reader leaves at their `UNDERIVED_*` values. */
export interface DerivedKeys {
  readonly table: readonly string[];
  readonly column: readonly string[];
}

/** The nested object kinds: their fields and the name of their facts type. */
function nestedOf(model: TraitModel, kind: TraitValueKind): { fields: readonly TraitField[]; type: string } {
  if (kind === 'changes') return { fields: model.CHANGE_TRAIT_FIELDS, type: 'ChangesFacts' };
  if (kind === 'change_tracking')
    return { fields: model.CHANGE_TRACKING_TRAIT_FIELDS, type: 'ChangeTrackingFacts' };
  throw new Error(`fact-readers: ${kind} is no nested object`);
}

/** One fact as written: its path in the facts object, its type, its doc and its value's expression. */
interface FactEntry {
  readonly path: readonly string[];
  readonly type: string;
  readonly doc: string;
  readonly value: string;
}

/** A local of the reader for a field, named by where it sits (`f_changes_inserts`). */
const localOf = (prefix: string, f: TraitField): string => `f_${prefix}${f.name}`;
const docOf = (at: string, f: TraitField, how = ''): string =>
  `\`${at}${f.name}\`${how}: ${f.description.replaceAll('*/', '*\\/')}`;

/** The facts of a list of fields, flattened (a merged nested object's facts among its parent's). */
function factEntries(
  model: TraitModel,
  fields: readonly TraitField[],
  prefix: string,
  at: string,
): FactEntry[] {
  const out: FactEntry[] = [];
  for (const f of fields) {
    const fact = f.fact;
    if (fact === undefined) continue;
    const local = localOf(prefix, f);
    const path = fact.name === '' ? [] : fact.name.split('.');
    switch (fact.as) {
      case 'value':
        if (f.kind === 'columns') continue; // The columns' facts are read after the pass: see `columnsRead`.
        out.push({
          path,
          type: `${typeOf(model, f.kind)}${f.required ? '' : ' | undefined'}`,
          doc: docOf(at, f),
          value: f.required ? `${local} as ${typeOf(model, f.kind)}` : local,
        });
        break;
      case 'text':
        out.push({
          path,
          type: 'string | undefined',
          doc: docOf(at, f, ', unknown when empty'),
          value: `${local} !== undefined && ${local}.length > 0 ? ${local} : undefined`,
        });
        break;
      case 'tri':
        out.push({
          path,
          type: 'Tri',
          doc: docOf(at, f, ', as an answer (yes, no or unknown)'),
          value: f.kind === 'boolean' ? `triOf(${local})` : `${local} ?? 'unknown'`,
        });
        break;
      case 'object': {
        const nested = nestedOf(model, f.kind);
        const inner = factEntries(model, nested.fields, `${f.name}_`, `${at}${f.name}.`);
        if (path.length === 0) out.push(...inner);
        else out.push({ path, type: nested.type, doc: docOf(at, f), value: objectLiteral(inner, '    ') });
        break;
      }
    }
  }
  return out;
}

/** Entries grouped by the first segment of their paths, in the order first met. */
function grouped(entries: readonly FactEntry[]): [string, FactEntry | FactEntry[]][] {
  const groups = new Map<string, FactEntry | FactEntry[]>();
  for (const e of entries) {
    const [head, ...rest] = e.path as [string, ...string[]];
    if (rest.length === 0) groups.set(head, e);
    else {
      const list = (groups.get(head) as FactEntry[] | undefined) ?? [];
      list.push({ ...e, path: rest });
      groups.set(head, list);
    }
  }
  return [...groups];
}

function objectLiteral(entries: readonly FactEntry[], indent: string): string {
  const lines = grouped(entries).map(([key, e]) =>
    Array.isArray(e)
      ? `${indent}  ${key}: ${objectLiteral(e, `${indent}  `)},`
      : `${indent}  ${key}: ${e.value},`,
  );
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function interfaceBody(entries: readonly FactEntry[], indent: string): string {
  return grouped(entries)
    .map(([key, e]) =>
      Array.isArray(e)
        ? `${indent}readonly ${key}: {\n${interfaceBody(e, `${indent}  `)}\n${indent}};`
        : `${indent}/** ${e.doc} */\n${indent}readonly ${key}: ${e.type};`,
    )
    .join('\n');
}

/** The generated types: the facts each object's traits give as they are read. */
export function renderFactTypes(model: TraitModel): string {
  const ct = factEntries(model, model.CHANGE_TRACKING_TRAIT_FIELDS, 'change_tracking_', 'change_tracking.');
  return `/**
 * The types of the facts read from traits, generated from the field table (\`traits/model.ts\`,
 * each field's \`fact\`) by scripts/docs/fact-readers.ts: do not edit; change the table and run
 * \`pnpm run docs\`. \`ColumnFacts\` and \`TableFacts\` add the facts derived from these.
 *
 * @module
 */
import type { PipelineMode, SourceKind } from '../../traits/model.js';
import type { Tri } from '../../traits/tri.js';

/** What a column's traits say, as read (\`ColumnFacts\` adds what follows from it). */
export interface ColumnFactsRead {
${interfaceBody(factEntries(model, model.COLUMN_TRAIT_FIELDS, '', 'columns[].'), '  ')}
}

/** The state of the change-tracking feature for the table. */
export interface ChangeTrackingFacts {
${interfaceBody(ct, '  ')}
}

/** What a traits record says of its table, as read (\`TableFacts\` adds its columns and what follows). */
export interface TableFactsRead {
${interfaceBody(factEntries(model, model.TABLE_TRAIT_FIELDS, '', ''), '  ')}
}
`;
}

/** The locals and the \`case\`s of one object's pass, nested objects read in place; `strict`: a wrong value ends the read. */
interface Pass {
  readonly locals: string[];
  readonly cases: string[];
}

function passOf(
  model: TraitModel,
  fields: readonly TraitField[],
  prefix: string,
  strict: boolean,
  depth: number,
): Pass {
  const locals: string[] = [];
  const cases: string[] = [];
  const pad = '  '.repeat(depth);
  const fail = strict ? 'return INVALID;' : 'break;';
  for (const f of fields) {
    const local = localOf(prefix, f);
    if (f.required && depth > 0)
      throw new Error(`fact-readers: ${f.name}: a nested object's field cannot be required`);
    const count = f.required && strict ? `${pad}        required++;\n` : '';
    if (f.kind === 'changes' || f.kind === 'change_tracking') {
      const nested = passOf(model, nestedOf(model, f.kind).fields, `${f.name}_`, strict, depth + 3);
      locals.push(...nested.locals);
      const guard = strict ? `if (!isRecord(v)) return INVALID;` : `if (!isRecord(v)) break;`;
      cases.push(`${pad}      case ${quote(f.name)}: {
${pad}        ${guard}
${pad}        const o = v;
${pad}        for (const key in o) {
${pad}          const v = o[key];
${pad}          switch (key) {
${nested.cases.join('\n')}${strict ? `\n${pad}            default:\n${pad}              return INVALID;` : ''}
${pad}          }
${pad}        }
${pad}        break;
${pad}      }`);
      continue;
    }
    if (f.kind === 'columns') {
      locals.push(`let ${local}: unknown;`);
      const test = strict ? 'Array.isArray(v) && v.length <= PAIRWISE_MAX' : 'Array.isArray(v)';
      cases.push(
        `${pad}      case ${quote(f.name)}:\n${pad}        if (!(${test})) ${fail}\n${pad}        ${local} = v;\n${pad}        break;`,
      );
      continue;
    }
    const test = testOf(model, f.kind);
    if (f.fact === undefined) {
      // Checked, not kept: it gives no fact.
      cases.push(
        `${pad}      case ${quote(f.name)}:\n${pad}        if (!(${test})) ${fail}\n${pad}        break;`,
      );
      continue;
    }
    locals.push(`let ${local}: ${typeOf(model, f.kind)} | undefined;`);
    cases.push(
      strict
        ? `${pad}      case ${quote(f.name)}:\n${pad}        if (!(${test})) return INVALID;\n${pad}        ${local} = v;\n${count}${pad}        break;`
        : `${pad}      case ${quote(f.name)}:\n${pad}        if (${test}) ${local} = v;\n${pad}        break;`,
    );
  }
  return { locals, cases };
}

function requiredCount(fields: readonly TraitField[]): number {
  return fields.filter((f) => f.required).length;
}

/** The literal of an object's facts: those read, and the derived ones at their `UNDERIVED_*` values. */
function factsLiteral(
  entries: readonly FactEntry[],
  derived: readonly string[],
  underived: string,
  extra: readonly string[],
): string {
  const literal = objectLiteral(entries, '  ');
  const more = [...extra, ...derived.map((k) => `    ${k}: ${underived}.${k},`)];
  return `${literal.slice(0, -4)}\n${more.join('\n')}\n  }`;
}

function columnReader(model: TraitModel, derived: DerivedKeys, strict: boolean): string {
  const fields = model.COLUMN_TRAIT_FIELDS;
  const pass = passOf(model, fields, '', strict, 0);
  const name = strict ? 'readColumnFactsStrict' : 'readColumnFactsLenient';
  const fail = strict ? 'INVALID' : 'undefined';
  const required = strict
    ? `  if (required !== ${requiredCount(fields)}) return INVALID;\n`
    : fields
        .filter((f) => f.required)
        .map((f) => `  if (${localOf('', f)} === undefined) return undefined;\n`)
        .join('');
  return `/** The facts of the column at \`index\`, ${strict ? 'each value checked as it is read (`INVALID` when the quick check would not find it valid)' : 'a value of the wrong kind read as unknown (undefined when it is not an object or lacks a required field)'}. */
function ${name}(value: unknown, index: number, context: ColumnTypeNames): ColumnFacts | ${strict ? 'typeof INVALID' : 'undefined'} {
  if (!isRecord(value)) return ${fail};
${pass.locals.map((l) => `  ${l}`).join('\n')}
${strict ? '  let required = 0;\n' : ''}  for (const key in value) {
    const v = value[key];
    switch (key) {
${pass.cases.join('\n')}${strict ? '\n      default:\n        return INVALID;' : ''}
    }
  }
${required}  const facts: Filling<ColumnFacts> = ${factsLiteral(factEntries(model, fields, '', 'columns[].'), derived.column, 'UNDERIVED_COLUMN_FACTS', [])};
  deriveColumnFacts(facts, index, context);
  return facts;
}`;
}

function columnLists(model: TraitModel): string {
  const nameField = model.COLUMN_TRAIT_FIELDS.find((f) => f.kind === 'column_name' && f.required);
  if (nameField?.fact === undefined)
    throw new Error('fact-readers: a column has no required column_name fact');
  const name = nameField.fact.name;
  return `/** The facts of a list of columns (at most \`PAIRWISE_MAX\`), each read strictly; \`INVALID\` for a column not valid or a name listed twice. */
function readColumnsStrict(list: readonly unknown[], context: ColumnTypeNames): ColumnFacts[] | typeof INVALID {
  const out: ColumnFacts[] = [];
  let seen = 0;
  for (let i = 0; i < list.length; i++) {
    const c = readColumnFactsStrict(list[i], i, context);
    if (c === INVALID) return INVALID;
    const bit = nameBit(c.${name});
    if ((seen & bit) !== 0) for (const earlier of out) if (earlier.${name} === c.${name}) return INVALID;
    seen |= bit;
    out.push(c);
  }
  return out;
}

/** The facts of a list of columns, each read leniently (a column that cannot be read is left out; the others keep their positions). */
function readColumnsLenient(list: readonly unknown[], context: ColumnTypeNames): ColumnFacts[] {
  const out: ColumnFacts[] = [];
  for (let i = 0; i < list.length; i++) {
    const c = readColumnFactsLenient(list[i], i, context);
    if (c !== undefined) out.push(c);
  }
  return out;
}`;
}

function tableReader(model: TraitModel, derived: DerivedKeys, strict: boolean): string {
  const fields = model.TABLE_TRAIT_FIELDS;
  const pass = passOf(model, fields, '', strict, 0);
  const columns = fields.find((f) => f.kind === 'columns');
  if (columns?.fact === undefined) throw new Error('fact-readers: the table has no columns fact');
  const local = localOf('', columns);
  const readColumns = strict
    ? `  if (${local} !== undefined) {
    const columns = readColumnsStrict(${local} as unknown[], columnTypeNames(facts));
    if (columns === INVALID) return INVALID;
    facts.${columns.fact.name} = columns;
  }\n`
    : `  if (${local} !== undefined) facts.${columns.fact.name} = readColumnsLenient(${local} as unknown[], columnTypeNames(facts));\n`;
  return `/**
 * The facts of a traits record, ${strict ? 'each value checked as it is read in one `for...in` pass; `INVALID` when the quick check (`isTableValid`) would not find it valid' : 'a value of the wrong kind read as unknown (a record that is not an object: nothing known)'}.
 * \`frequencyMinutes\`, when given, overrides the record's replication frequency.
 */
export function ${strict ? 'readTableFactsStrict' : 'readTableFactsLenient'}(value: unknown, frequencyMinutes: number | undefined): TableFacts${strict ? ' | typeof INVALID' : ''} {
  ${strict ? 'if (!isRecord(value)) return INVALID;' : 'const record = isRecord(value) ? value : NOTHING;'}
${pass.locals.map((l) => `  ${l}`).join('\n')}
${strict ? '  let required = 0;\n' : ''}  for (const key in ${strict ? 'value' : 'record'}) {
    const v = ${strict ? 'value' : 'record'}[key];
    switch (key) {
${pass.cases.join('\n')}${strict ? '\n      default:\n        return INVALID;' : ''}
    }
  }
${strict ? `  if (required !== ${requiredCount(fields)}) return INVALID;\n` : ''}  const facts: Filling<TableFacts> = ${factsLiteral(factEntries(model, fields, '', ''), derived.table, 'UNDERIVED_TABLE_FACTS', [`    ${columns.fact.name}: undefined,`])};
${readColumns}  deriveTableFacts(facts, frequencyMinutes);
  return facts;
}`;
}

/** The generated readers' source for a model, its objects' derived facts left to the hand-written steps. */
export function renderFactReaders(model: TraitModel, derived: DerivedKeys): string {
  return `/**
 * The fact readers, generated from the field table (\`traits/model.ts\`, each field's \`fact\`) by
 * scripts/docs/fact-readers.ts: do not edit; change the table and run \`pnpm run docs\`. Each
 * record's fields are read in one \`for...in\` pass (nested objects in their parent's) straight
 * into the one facts object of the table and of each column; the derived facts are the
 * hand-written steps' (\`deriveTableFacts\`, \`deriveColumnFacts\`).
 *
 * @module
 */
import { INVALID, isColumnName, isRecord, isStringList, nameBit, PAIRWISE_MAX } from '../../traits/read-support.js';
import { triOf } from '../../traits/tri.js';
import type { ChangeAnswer, PipelineMode, SourceKind } from '../../traits/model.js';
import { type ColumnFacts, type ColumnTypeNames, columnTypeNames, deriveColumnFacts, UNDERIVED_COLUMN_FACTS } from '../column-facts.js';
import type { Filling } from '../filling.js';
import { deriveTableFacts, type TableFacts, UNDERIVED_TABLE_FACTS } from '../table-facts.js';

/** What the lenient reader reads of a record that is not an object: nothing. */
const NOTHING: Readonly<Record<string, unknown>> = Object.freeze({});

${columnReader(model, derived, true)}

${columnReader(model, derived, false)}

${columnLists(model)}

${tableReader(model, derived, true)}

${tableReader(model, derived, false)}
`;
}

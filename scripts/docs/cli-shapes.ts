/**
 * The output shapes of the CLI in docs/cli.md, rendered from the zod schemas the CLI prints with
 * `querymode schema <kind>` (`packages/core/src/records/`), as TypeScript-like types. Only
 * the marked sections of docs/cli.md are generated; the rest of the file is written by hand.
 *
 * @module
 */
import { CHANGE_KINDS, ISSUE_CODES, QUERY_MODES } from '@querymode/core';
import { OUTPUT_SCHEMAS, outputJsonSchema } from '@querymode/core/schemas';
import { fence } from './markdown.js';

type Json = { readonly [key: string]: unknown };

/** Enumerations with a name of their own. */
const ALIASES: readonly { readonly name: string; readonly values: readonly string[] }[] = [
  { name: 'QueryMode', values: QUERY_MODES },
  { name: 'ChangeKind', values: CHANGE_KINDS },
  { name: 'IssueCode', values: ISSUE_CODES },
];

const same = (a: readonly unknown[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function typeOf(s: Json, pad: string): string {
  if (typeof s.$ref === 'string') return s.$ref.replace('#/$defs/', '');
  const union = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (union !== undefined) return union.map((x) => typeOf(x, pad)).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const).replace(/"/g, "'");
  if (Array.isArray(s.enum)) {
    const alias = ALIASES.find((a) => same(s.enum as unknown[], a.values));
    return alias?.name ?? (s.enum as unknown[]).map((v) => JSON.stringify(v).replace(/"/g, "'")).join(' | ');
  }
  if (Array.isArray(s.type))
    return (s.type as string[]).map((t) => typeOf({ ...s, type: t }, pad)).join(' | ');
  switch (s.type) {
    case 'object':
      return objectOf(s, pad);
    case 'array': {
      const item = typeOf(s.items as Json, pad);
      return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    }
    case 'integer':
      return 'integer';
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return s.type;
    default:
      return 'unknown';
  }
}

function objectOf(s: Json, pad: string): string {
  const properties = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  const inner = `${pad}  `;
  const lines = Object.entries(properties).map(
    ([key, value]) => `${inner}${key}${required.has(key) ? '' : '?'}: ${typeOf(value, inner)};`,
  );
  const open = s.additionalProperties === false ? '' : `\n${inner}[key: string]: unknown;`;
  return `{\n${lines.join('\n')}${open}\n${pad}}`;
}

/** The shape of one output, with the shapes it names. */
export function renderShape(kind: keyof typeof OUTPUT_SCHEMAS): string {
  const schema = outputJsonSchema(OUTPUT_SCHEMAS[kind]) as Json;
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const out = [`type Output = ${typeOf(schema, '')};`];
  for (const [name, def] of Object.entries(defs)) {
    // The inputs are described in their own sections (and by `querymode schema body|traits`).
    if (name === 'TableTraits' || name === 'QueryModeBody') continue;
    out.push('', `type ${name} = ${typeOf(def, '')};`);
  }
  return out.join('\n');
}

const start = (kind: string) => `<!-- generated:shape:${kind}:start -->`;
const end = (kind: string) => `<!-- generated:shape:${kind}:end -->`;

/** docs/cli.md with each marked shape section rendered again from the schemas. */
export function renderCliShapes(markdown: string): string {
  let out = markdown;
  for (const kind of Object.keys(OUTPUT_SCHEMAS) as (keyof typeof OUTPUT_SCHEMAS)[]) {
    const a = out.indexOf(start(kind));
    const b = out.indexOf(end(kind));
    if (a < 0 || b < a) throw new Error(`docs/cli.md has no section ${start(kind)} … ${end(kind)}`);
    const body = [
      start(kind),
      `<!-- From \`querymode schema ${kind}\`, by \`pnpm run docs\`. Do not edit. -->`,
      '',
      ...fence('ts shape', renderShape(kind)),
      '',
    ].join('\n');
    out = `${out.slice(0, a)}${body}${out.slice(b)}`;
  }
  return out;
}

/**
 * The list of generated files: path and content. Shared by `pnpm run docs` and the drift test.
 * Each package that generates a file adds one entry here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UNDERIVED_COLUMN_FACTS } from '../packages/core/src/advisor/facts/column-facts.js';
import { UNDERIVED_TABLE_FACTS } from '../packages/core/src/advisor/facts/table-facts.js';
import * as TRAIT_MODEL from '../packages/core/src/advisor/traits/model.js';
import { openApiDocs, PUBLISHED } from '../packages/openapi/scripts/published.js';
import { renderCliShapes } from './docs/cli-shapes.js';
import {
  FACT_READERS_PATH,
  FACT_TYPES_PATH,
  renderFactReaders,
  renderFactTypes,
} from './docs/fact-readers.js';
import { renderModesMarkdown } from './docs/modes-md.js';
import { renderRecommendMarkdown } from './docs/recommend-md.js';
import { renderServiceMarkdown } from './docs/service-md.js';
import { renderTraitReaders, TRAIT_READERS_PATH } from './docs/trait-readers.js';

/** One generated file. */
export interface GeneratedDoc {
  readonly path: string;
  readonly content: string;
}

/** Every generated file, with its content as the code renders it now. */
export async function GENERATED_DOCS(): Promise<GeneratedDoc[]> {
  const openapi = await openApiDocs();
  return [
    { path: 'docs/modes.md', content: renderModesMarkdown() },
    { path: 'docs/recommend.md', content: renderRecommendMarkdown() },
    { path: 'docs/service.md', content: renderServiceMarkdown() },
    // core's trait readers, written from the traits field table.
    { path: TRAIT_READERS_PATH, content: renderTraitReaders(TRAIT_MODEL) },
    // core's fact readers and their types, written from the field table's facts.
    { path: FACT_TYPES_PATH, content: renderFactTypes(TRAIT_MODEL) },
    { path: FACT_READERS_PATH, content: renderFactReaders(TRAIT_MODEL, DERIVED_FACTS) },
    // Only its marked shape sections are generated; the rest is written by hand.
    {
      path: 'docs/cli.md',
      content: renderCliShapes(readFileSync(join(import.meta.dirname, '..', 'docs', 'cli.md'), 'utf8')),
    },
    // docs/openapi.yaml, docs/openapi.json, docs/api/index.html, docs/api/openapi.d.ts
    ...openapi,
    // @querymode/client's types: openapi-typescript's output for docs/openapi.yaml, inside the package.
    { path: CLIENT_TYPES, content: typesOf(openapi) },
  ];
}

/** The derived facts of each object, which the fact readers leave to the hand-written steps. */
const DERIVED_FACTS = {
  table: Object.keys(UNDERIVED_TABLE_FACTS),
  column: Object.keys(UNDERIVED_COLUMN_FACTS),
};

/** Where @querymode/client keeps the types generated from docs/openapi.yaml. */
export const CLIENT_TYPES = 'packages/client/src/generated/openapi.ts';

function typesOf(docs: readonly GeneratedDoc[]): string {
  const types = docs.find((d) => d.path === PUBLISHED.types);
  if (types === undefined) throw new Error(`${PUBLISHED.types} is not among the published OpenAPI files`);
  return types.content;
}

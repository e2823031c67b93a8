/**
 * Gate: openapi-typescript generates types from docs/openapi.yaml (committed as
 * docs/api/openapi.d.ts) that compile under strict tsc, with library checks on, together with
 * typed code that uses them (typed-usage.ts) and proves them equal to core's body types. The
 * 3.0.3 document's types pass the same compile. Then the typed code runs on the document's examples.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MODES, validateQueryModeBody } from '@querymode/core';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR, runTool, TOOLS, toolVersion } from '../scripts/tools.js';
import { generateTypes } from '../scripts/types-dts.js';
import { buildOpenApiDocument, openApiToYaml } from '../src/index.js';
import { REPO_ROOT } from './support.js';
import {
  modeOf,
  nextPageQuery,
  type PipelineList,
  pageCount,
  type QueryModeBody,
  toCoreBody,
  updateQueryModeRequest,
} from './typed-usage.js';

const TYPES = join(REPO_ROOT, 'docs', 'api', 'openapi.d.ts');
const USAGE = join(PACKAGE_DIR, 'test', 'typed-usage.ts');
const QUERY_MODE_PATH = '/pipelines/{pipeline_id}/objects/{object_name}/query-mode';

/** Inside the package, so that `@querymode/core` resolves from the copies; `.tmp/` is gitignored. */
const work = join(PACKAGE_DIR, '.tmp', `types-gate-${process.pid}`);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe(`openapi-typescript ${toolVersion('openapi-typescript/package.json')} and TypeScript ${toolVersion(TOOLS.tsc.pkg)}`, () => {
  it('generates from docs/openapi.yaml exactly the committed docs/api/openapi.d.ts', async () => {
    const generated = await generateTypes(readFileSync(join(REPO_ROOT, 'docs', 'openapi.yaml'), 'utf8'));
    expect(
      generated === readFileSync(TYPES, 'utf8'),
      'docs/api/openapi.d.ts is stale: run `pnpm run docs`',
    ).toBe(true);
  });

  it('the 3.1 and 3.0.3 types compile under strict tsc (no skipLibCheck) with the typed code', async () => {
    mkdirSync(join(work, 'v30'), { recursive: true });
    // The 3.0.3 types, with a copy of the typed code that imports them instead of the committed ones.
    writeFileSync(
      join(work, 'v30', 'openapi.d.ts'),
      await generateTypes(openApiToYaml(buildOpenApiDocument({ openapi: '3.0' }))),
    );
    const usage = readFileSync(USAGE, 'utf8');
    const copied = usage.replace("'../../../docs/api/openapi.js'", "'./openapi.js'");
    expect(copied).not.toBe(usage);
    writeFileSync(join(work, 'v30', 'typed-usage.ts'), copied);
    const tsconfig = {
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noImplicitOverride: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        skipLibCheck: false,
        noEmit: true,
        target: 'ES2022',
        lib: ['ES2022'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        customConditions: ['source'],
        types: [],
      },
      files: [TYPES, USAGE, join(work, 'v30', 'openapi.d.ts'), join(work, 'v30', 'typed-usage.ts')],
    };
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const run = runTool('tsc', ['-p', join(work, 'tsconfig.json'), '--pretty', 'false'], { cwd: work });
    expect(run.error, String(run.error)).toBeUndefined();
    // Diagnostics of the generated types and the typed code fail the gate. The typed code imports
    // core, whose own diagnostics are the root typecheck's business (and other work in progress).
    const ours = tsconfig.files.map((f) => relative(work, f));
    const diagnostics = `${run.stdout}${run.stderr}`.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(diagnostics.filter((line) => ours.some((f) => line.startsWith(`${f}(`)))).toEqual([]);
    if (diagnostics.length === 0) expect(run.status).toBe(0);
    // A guard against a hang, not a measure: one strict tsc, over 60 s at a load of 20 (stop 46).
  }, 600_000);
});

describe('typed code over the generated types', () => {
  const doc = JSON.parse(readFileSync(join(REPO_ROOT, 'docs', 'openapi.json'), 'utf8'));
  const requestExamples = doc.paths[QUERY_MODE_PATH].put.requestBody.content['application/json'].examples;
  const listExamples = doc.paths['/pipelines'].get.responses['2XX'].content['application/json'].examples;

  it.each(MODES.map((m) => [m.id]))('builds the request of the %s example, which core accepts', (mode) => {
    const body = requestExamples[mode].value as QueryModeBody;
    expect(modeOf(body)).toBe(mode);
    const request = updateQueryModeRequest({ pipeline_id: 'p 1', object_name: 'dbo.orders/2024' }, body);
    expect(request.path).toBe('/pipelines/p%201/objects/dbo.orders%2F2024/query-mode');
    expect(request.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json' });
    const sent = JSON.parse(request.body) as QueryModeBody;
    expect(validateQueryModeBody(toCoreBody(sent))).toEqual({ ok: true, value: body });
  });

  it('follows the pagination rules on the list examples', () => {
    const more = listExamples.more_pages.value as PipelineList;
    const last = listExamples.last_page.value as PipelineList;
    expect(nextPageQuery(more, { limit: 2 })).toEqual({
      limit: 2,
      starting_after: more.pagination?.starting_after,
    });
    expect(nextPageQuery(last, { limit: 2, starting_after: 'x' })).toBeUndefined();
    expect(pageCount(more)).toBe(2);
    expect(pageCount(last)).toBe(1);
  });
});

/**
 * Gate: Spectral's `oas` ruleset (packages/openapi/.spectral.yaml), offline. 0 errors. The one
 * warning left is `info-contact`: the service's contact is not documented.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTool, SPECTRAL_RULESET, TOOLS, toolVersion } from '../scripts/tools.js';
import { openApiToYaml } from '../src/index.js';
import { type AnyJson, documents, REPO_ROOT, tempDir, writeDocuments } from './support.js';

interface Finding {
  readonly code: string;
  readonly severity: number;
  readonly path: readonly string[];
  readonly message: string;
  readonly source: string;
}

const SEVERITY = ['error', 'warn', 'info', 'hint'] as const;

/** Lints files; returns Spectral's findings. */
function lint(files: readonly string[]): Finding[] {
  const run = runTool('spectral', [
    'lint',
    ...files,
    '--ruleset',
    SPECTRAL_RULESET,
    '--format',
    'json',
    '--fail-severity',
    'error',
    '--quiet',
  ]);
  expect(run.error, String(run.error)).toBeUndefined();
  const start = run.stdout.indexOf('[');
  expect(start, `no JSON report from spectral:\n${run.stderr}${run.stdout}`).toBeGreaterThanOrEqual(0);
  return JSON.parse(run.stdout.slice(start)) as Finding[];
}

const summary = (f: readonly Finding[]): string[] =>
  f.map((x) => `${SEVERITY[x.severity]} ${x.code} ${x.path.join('.')}`);

describe(`Spectral ${toolVersion(TOOLS.spectral.pkg)} oas ruleset`, () => {
  const docs = documents();
  const files = {
    'docs/openapi.yaml (3.1)': join(REPO_ROOT, 'docs', 'openapi.yaml'),
    ...writeDocuments({ '3.0.3': docs.v30, '3.1 with regions': docs.regions }, 'spectral'),
  };
  let findings: Finding[] = [];
  beforeAll(() => {
    findings = lint(Object.values(files));
  });

  for (const [name, file] of Object.entries(files)) {
    it(`${name}: 0 errors; the only warning is info-contact (not documented)`, () => {
      const mine = findings.filter((f) => f.source === file);
      expect(summary(mine)).toEqual(['warn info-contact info']);
    });
  }

  it('is live: a missing path parameter and operationId are reported (canary)', () => {
    const broken = structuredClone(docs.v31) as AnyJson;
    const put = broken.paths['/pipelines/{pipeline_id}/objects/{object_name}/query-mode'].put;
    put.parameters.shift();
    delete put.operationId;
    const file = join(tempDir('spectral-canary'), 'broken.yaml');
    writeFileSync(file, openApiToYaml(broken));
    const codes = lint([file]).map((f) => `${SEVERITY[f.severity]} ${f.code}`);
    expect(codes).toContain('error path-params');
    expect(codes).toContain('warn operation-operationId');
  });
});

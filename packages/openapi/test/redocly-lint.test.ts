/**
 * Gate: Redocly CLI lint, recommended rules with invalid examples raised to errors
 * (packages/openapi/redocly.yaml), telemetry off, offline. 0 errors. The one warning left is
 * `info-license`: the service's license is not documented, and inventing one would be dishonest.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REDOCLY_CONFIG, runTool, TOOLS, toolVersion } from '../scripts/tools.js';
import { openApiToYaml } from '../src/index.js';
import { type AnyJson, documents, REPO_ROOT, tempDir, writeDocuments } from './support.js';

interface Problem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly location: { readonly pointer: string }[];
}

interface LintReport {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly Problem[];
}

/** Lints one file; returns Redocly's JSON report. */
function lint(file: string): LintReport {
  const run = runTool('redocly', ['lint', file, '--config', REDOCLY_CONFIG, '--format', 'json']);
  expect(run.error, String(run.error)).toBeUndefined();
  const start = run.stdout.indexOf('{');
  expect(start, `no JSON report from redocly:\n${run.stderr}`).toBeGreaterThanOrEqual(0);
  return JSON.parse(run.stdout.slice(start)) as LintReport;
}

const summary = (r: LintReport): string[] =>
  r.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}`);

describe(`Redocly CLI ${toolVersion(TOOLS.redocly.pkg)} lint (recommended, examples as errors)`, () => {
  const docs = documents();
  const files = {
    'docs/openapi.yaml (3.1)': join(REPO_ROOT, 'docs', 'openapi.yaml'),
    ...writeDocuments({ '3.0.3': docs.v30, '3.1 with regions': docs.regions }, 'redocly'),
  };

  for (const [name, file] of Object.entries(files)) {
    it(`${name}: 0 errors; the only warning is info-license (not documented)`, () => {
      const report = lint(file);
      expect(report.totals.errors, summary(report).join('\n')).toBe(0);
      expect(summary(report)).toEqual(['warn info-license #/info']);
    });
  }

  it('is live: an invalid example is an error (canary)', () => {
    const broken = structuredClone(docs.v31) as AnyJson;
    const put = broken.paths['/pipelines/{pipeline_id}/objects/{object_name}/query-mode'].put;
    put.requestBody.content['application/json'].examples.full_load.value = {
      config: { mode: 'no_such_mode' },
    };
    broken.components.schemas.FullLoadConfig.examples = [{ mode: 'full_load', extra: 1 }];
    const file = join(tempDir('redocly-canary'), 'broken.yaml');
    writeFileSync(file, openApiToYaml(broken));
    const report = lint(file);
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => p.ruleId);
    expect(errors).toContain('no-invalid-media-type-examples');
    expect(errors).toContain('no-invalid-schema-examples');
  });
});

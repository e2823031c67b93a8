/**
 * The rendered API reference, `docs/api/index.html`: Redocly CLI's `build-docs` with the Redoc
 * scripts inlined (`--inlineBundle`) and a template whose Content-Security-Policy forbids every
 * network load, with telemetry off in both the CLI and the page. The output is the same byte for
 * byte for the same document.
 *
 * @module
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_DIR, REDOCLY_CONFIG, runTool } from './tools.js';

/** The page template: Redocly's, plus a Content-Security-Policy that forbids every network load. */
export const REFERENCE_TEMPLATE = join(PACKAGE_DIR, 'reference-template.hbs');

/** The HTML of the API reference of an OpenAPI document given as YAML. Throws if Redocly fails. */
export function renderReferenceHtml(yaml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'querymode-reference-'));
  try {
    const input = join(dir, 'openapi.yaml');
    const output = join(dir, 'index.html');
    writeFileSync(input, yaml);
    const run = runTool(
      'redocly',
      [
        'build-docs',
        input,
        '--config',
        REDOCLY_CONFIG,
        '--inlineBundle',
        '--template',
        REFERENCE_TEMPLATE,
        '--output',
        output,
      ],
      { cwd: dir },
    );
    if (run.status !== 0) {
      throw new Error(`redocly build-docs failed (${run.status ?? run.signal}):\n${run.stderr}${run.stdout}`);
    }
    return readFileSync(output, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

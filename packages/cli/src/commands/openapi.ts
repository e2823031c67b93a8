/**
 * `querymode openapi`: the OpenAPI document of the query-mode and list endpoints, printed or
 * written atomically to a file.
 *
 * @module
 */
import { openApiToJson, openApiToYaml, type RegionOption, tryBuildOpenApiDocument } from '@querymode/openapi';
import { usageError } from '../errors.js';
import { printOut, writeFileAtomic } from '../io/write.js';

/** Options of `openapi`. */
export interface OpenapiFlags {
  readonly format: 'yaml' | 'json';
  readonly oas: '3.1' | '3.0';
  readonly server?: readonly string[];
  readonly output?: string;
}

/** `--server` values: `URL` or `NAME=URL`; a bare URL is named by its host. */
export function parseServers(values: readonly string[]): RegionOption[] {
  return values.map((value) => {
    const eq = value.indexOf('=');
    const hasName = eq > 0 && !value.slice(0, eq).includes('://');
    const origin = (hasName ? value.slice(eq + 1) : value).replace(/\/+$/, '');
    let name = hasName ? value.slice(0, eq) : origin;
    if (!hasName) {
      try {
        name = new URL(origin).host;
      } catch {
        // Left as given; the document's option check reports the bad origin.
      }
    }
    return { name, origin };
  });
}

/** Runs `openapi`. */
export function runOpenapi(flags: OpenapiFlags): number {
  const regions = flags.server?.length ? parseServers(flags.server) : undefined;
  const result = tryBuildOpenApiDocument({ openapi: flags.oas, ...(regions ? { regions } : {}) });
  if (!result.ok) {
    const first = result.issues[0];
    throw usageError(
      `--server: ${first?.message.replace(/^`options\.regions\[(\d+)\]\.?(\w*)`/, (_m, i, k) => `value ${Number(i) + 1}${k ? ` (${k})` : ''}`) ?? 'invalid'}; expected URL or NAME=URL such as https://eu.example.invalid`,
    );
  }
  const text = flags.format === 'json' ? openApiToJson(result.value) : openApiToYaml(result.value);
  if (flags.output !== undefined) writeFileAtomic(flags.output, text);
  else printOut(text);
  return 0;
}

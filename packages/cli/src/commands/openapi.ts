/**
 * `querymode openapi`: the OpenAPI document of the query-mode and list endpoints, printed or
 * written atomically to a file.
 *
 * @module
 */
import {
  type OptionIssue,
  openApiToJson,
  openApiToYaml,
  type RegionOption,
  tryBuildOpenApiDocument,
} from '@querymode/openapi';
import { usageError } from '../errors.js';
import { writeOutput } from '../io/write.js';

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

/** One sentence for the first issue of the `--server` values, naming the value as the user wrote it. */
export function serverIssueText(issue: OptionIssue | undefined, values: readonly string[]): string {
  const example = 'give URL or NAME=URL, such as https://eu.example.invalid or eu=https://eu.example.invalid';
  const [, index, part] = issue?.path ?? [];
  const value = typeof index === 'number' ? values[index] : undefined;
  if (issue === undefined || value === undefined)
    return `--server: ${issue?.message ?? 'invalid value'} ${example}`;
  const what = part === 'name' ? 'its name' : 'its URL';
  return `--server ${JSON.stringify(value)} is not usable: ${what} must be ${issue.expected}; ${example}`;
}

/** Runs `openapi`. */
export function runOpenapi(flags: OpenapiFlags): number {
  const regions = flags.server?.length ? parseServers(flags.server) : undefined;
  const result = tryBuildOpenApiDocument({ openapi: flags.oas, ...(regions ? { regions } : {}) });
  if (!result.ok) throw usageError(serverIssueText(result.issues[0], flags.server ?? []));
  const text = flags.format === 'json' ? openApiToJson(result.value) : openApiToYaml(result.value);
  writeOutput(text, flags.output, '-o');
  return 0;
}

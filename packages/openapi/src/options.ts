/**
 * Options of the OpenAPI document, and their checks. Checking returns issues as data; only the
 * throwing builder turns them into an error.
 *
 * @module
 */
import { isRecord } from '@querymode/core';

/** One regional host of the service (spec 4: the region is part of the host). */
export interface RegionOption {
  /** The region's name, shown as the server's description. */
  readonly name: string;
  /** The origin of the region's host: `https://` or `http://`, the host, an optional port; no path. */
  readonly origin: string;
}

/** Options of {@link buildOpenApiDocument}. */
export interface OpenApiOptions {
  /** The OpenAPI version of the document: `'3.1'` (3.1.0, the default) or `'3.0'` (3.0.3, for older tools). */
  readonly openapi?: '3.1' | '3.0';
  /**
   * The regional hosts, one server each. The spec names no host, so by default the document has one
   * server whose host is the `{base_url}` variable with a placeholder default, `regional-host.invalid`.
   */
  readonly regions?: readonly RegionOption[];
}

/** An option that is not valid: where, what was expected and what was received. */
export interface OptionIssue {
  readonly code: 'invalid_option';
  /** The key path inside the options, such as `['regions', 0, 'origin']`. */
  readonly path: readonly (string | number)[];
  /** What the option had to be. */
  readonly expected: string;
  /** What it was, briefly. */
  readonly received: string;
  /** The issue in words, naming the option, what was expected and what was received. */
  readonly message: string;
}

const ORIGIN = /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?$/;

function received(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function issue(path: readonly (string | number)[], expected: string, value: unknown): OptionIssue {
  const at = path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
  const text = received(value);
  return {
    code: 'invalid_option',
    path,
    expected,
    received: text,
    message: `\`options${at}\`: expected ${expected}, received ${text}.`,
  };
}

function checkRegion(region: unknown, i: number, seen: Set<string>, issues: OptionIssue[]): void {
  if (!isRecord(region)) {
    issues.push(issue(['regions', i], 'an object `{ name, origin }`', region));
    return;
  }
  const { name, origin } = region;
  if (typeof name !== 'string' || name.trim() === '' || name.trim() !== name) {
    issues.push(issue(['regions', i, 'name'], 'a non-empty name without surrounding white space', name));
  } else if (seen.has(name)) {
    issues.push(issue(['regions', i, 'name'], 'a name not used by another region', name));
  } else {
    seen.add(name);
  }
  if (typeof origin !== 'string' || !ORIGIN.test(origin)) {
    issues.push(
      issue(
        ['regions', i, 'origin'],
        'an origin such as `https://<regional host>` (scheme and host, an optional port, no path)',
        origin,
      ),
    );
  }
}

/** The issues of a set of options; empty when they are valid. Never throws. */
export function checkOpenApiOptions(options: unknown): readonly OptionIssue[] {
  if (options === undefined) return [];
  if (!isRecord(options)) return [issue([], 'an options object', options)];
  const issues: OptionIssue[] = [];
  for (const key of Object.keys(options)) {
    if (key !== 'openapi' && key !== 'regions')
      issues.push(issue([key], 'only the options `openapi` and `regions`', options[key]));
  }
  const { openapi, regions } = options;
  if (openapi !== undefined && openapi !== '3.1' && openapi !== '3.0') {
    issues.push(issue(['openapi'], '"3.1" or "3.0"', openapi));
  }
  if (regions !== undefined) {
    if (!Array.isArray(regions) || regions.length === 0) {
      issues.push(
        issue(['regions'], 'a non-empty array of regions (omit it for the placeholder server)', regions),
      );
    } else {
      const seen = new Set<string>();
      regions.forEach((region, i) => {
        checkRegion(region, i, seen, issues);
      });
    }
  }
  return issues;
}

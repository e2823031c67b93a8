/**
 * Options of the OpenAPI document, and their checks. Checking returns issues as data; only the
 * throwing builder turns them into an error.
 *
 * @module
 */
import {
  type IssuePath,
  type IssueShape,
  isRecord,
  type OptionReaders,
  type OptionsStyle,
  readOptions,
  receivedText,
} from '@querymode/core';

/** One regional host of the service (the region is part of the host: docs/service.md#endpoint). */
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
   * The regional hosts, one server each. The service's documentation names no host, so by default the document has one
   * server whose host is the `{base_url}` variable with a placeholder default, `regional-host.invalid`.
   */
  readonly regions?: readonly RegionOption[];
}

/** An option that is not valid: where, what was expected and what was received. */
export interface OptionIssue extends IssueShape<'invalid_option'> {
  /** What the option had to be. */
  readonly expected: string;
  /** What it was, briefly. */
  readonly received: string;
}

const ORIGIN = /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?$/;

function received(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  if (typeof value === 'string') return JSON.stringify(receivedText(value));
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function issue(path: IssuePath, expected: string, value: unknown): OptionIssue {
  return optionIssue(path, expected, received(value));
}

function optionIssue(path: IssuePath, expected: string, text: string): OptionIssue {
  const at = path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
  return {
    code: 'invalid_option',
    path,
    expected,
    received: text,
    message: `\`options${at}\`: expected ${expected}, received ${text}.`,
  };
}

/** How the options' own issues are told: not an object, an unknown key, unreadable. */
const STYLE: OptionsStyle<OptionIssue> = {
  root: [],
  notAnObject: (path, value) => issue(path, 'an options object', value),
  unknownKey: (path, key, _allowed, value) =>
    issue([...path, key], 'only the options `openapi` and `regions`', value),
  unreadable: () => optionIssue([], 'plain options data', 'an object that throws when read'),
};

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

/** The readers of the options, by key. */
const READERS = {
  openapi: (value: unknown, path: IssuePath, issues: OptionIssue[]) => {
    if (value === '3.1' || value === '3.0') return value;
    issues.push(issue(path, '"3.1" or "3.0"', value));
    return undefined;
  },
  regions: (value: unknown, path: IssuePath, issues: OptionIssue[]) => {
    if (!Array.isArray(value) || value.length === 0) {
      issues.push(issue(path, 'a non-empty array of regions (omit it for the placeholder server)', value));
      return undefined;
    }
    const seen = new Set<string>();
    value.forEach((region, i) => {
      checkRegion(region, i, seen, issues);
    });
    return value as readonly RegionOption[];
  },
} satisfies OptionReaders<OptionIssue>;

/** The issues of a set of options (read by core's `readOptions`); empty when they are valid. Never throws. */
export function checkOpenApiOptions(options: unknown): readonly OptionIssue[] {
  const read = readOptions(options, READERS, STYLE);
  return read.ok ? [] : read.issues;
}

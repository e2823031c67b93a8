/**
 * The one list of options that say which database and tables to read, as `inspect` reads them,
 * and its refusal for a source that is no database. Below the commands and their registration,
 * which both read it (so the folders import one way).
 *
 * @module
 */
import { Option } from '@commander-js/extra-typings';
import { usageError } from '../errors.js';
import { collect } from '../options/collect.js';
import { durationUnitHelp } from '../traits/duration.js';
import { KIND_LIST, type KindDescription, kindOption, variableKinds } from './kinds.js';

/** What `databaseOptions` adds. */
export interface DatabaseOptionsSetup {
  /** The kinds of source (default: introspect's descriptions). */
  readonly kinds?: readonly KindDescription[];
  /** Whether to add each kind's own flags (`inspect` and `verify`, which read every kind). */
  readonly kindFlags?: boolean;
  /** Whether to add `--observe` (`inspect`'s own). */
  readonly observe?: boolean;
}

/**
 * The options that say which database and tables to read, as `inspect` reads them (as `setup`
 * asks, each kind's flags and `--observe` too): one list, which a source that is no database
 * refuses but for the selection its kind reads (`refuseDatabaseOptions`).
 */
export function databaseOptionList({
  kinds = KIND_LIST,
  kindFlags = false,
  observe = false,
}: DatabaseOptionsSetup): Option[] {
  return [
    new Option('--schema <name>', 'only this schema (MySQL: database), repeatable').argParser(collect),
    new Option('--table <name>', 'only this table (name or schema.name), repeatable').argParser(collect),
    new Option('--exclude <pattern>', 'skip tables matching this pattern (* and ?), repeatable').argParser(
      collect,
    ),
    new Option(
      '--include <kinds>',
      'also read: views, foreign-tables, partitions, system-schemas (comma-separated)',
    ).argParser(collect),
    new Option('--source <kind>', 'which driver variables to read when no URL is given').choices(
      variableKinds(kinds).map((k) => k.kind),
    ),
    new Option(
      '--connect-timeout <duration>',
      `connect timeout: ${durationUnitHelp('seconds')} (default 10s)`,
    ),
    new Option(
      '--statement-timeout <duration>',
      `timeout of each catalog query: ${durationUnitHelp('seconds')} (default 60s)`,
    ),
    new Option('--sample-shop', 'read the embedded sample shop (PGlite, in memory) instead of a server'),
    new Option(
      '--sql <file|folder>',
      "load PostgreSQL DDL into the embedded PostgreSQL (PGlite) and read it instead of a server: files, or folders of .sql files in name order; repeatable; after the sample shop's with --sample-shop",
    ).argParser(collect),
    // The flags only one kind reads (`--sf-org-json`, ...), each with the URL it goes with; the
    // command refuses them with another kind (`refuseOtherKindsFlags`).
    ...(kindFlags ? kinds.flatMap((kind) => (kind.flags ?? []).map((flag) => kindOption(kind, flag))) : []),
    ...(observe
      ? [
          new Option(
            '--observe <duration>',
            `measure change rates: read the change counters twice, this long apart (1s to 1d: ${durationUnitHelp('minutes')}), and record inserts, updates and deletes per day`,
          ),
        ]
      : []),
  ];
}

/**
 * Refuses the database options given with a source that is no database, but for the selection it
 * reads (`selects`: `table`, `exclude`): `--schema reads a database, not Salesforce (--table and
 * --exclude select what is read)`.
 */
export function refuseDatabaseOptions(values: object, selects: readonly string[], what: string): void {
  const given = values as Readonly<Record<string, unknown>>;
  const shown = selects.map((s) => `--${s}`);
  const selection =
    shown.length === 0 ? '' : ` (${shown.join(' and ')} select${shown.length === 1 ? 's' : ''} what is read)`;
  for (const option of databaseOptionList({ kinds: [], observe: true }))
    if (!selects.includes(option.name()) && given[option.attributeName()] !== undefined)
      throw usageError(`${option.long} reads a database, not ${what}${selection}`);
}

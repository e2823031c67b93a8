/**
 * The options of the commands that read a database as `inspect` reads it (`inspect`, `verify`):
 * which database and tables, the timeouts, and the embedded PostgreSQL instead of a server.
 *
 * @module
 */
import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import {
  databaseUrlHelp,
  type InspectableKind,
  KIND_LIST,
  type KindDescription,
  kindOption,
  sourceUrlHelp,
  variableKinds,
} from '../database/kinds.js';
import { durationUnitHelp } from '../traits/duration.js';
import { collect } from './shared.js';

/** The help of a database URL argument, from introspect's kind descriptions. */
export const DATABASE_URL_HELP = databaseUrlHelp();

/** The help of `inspect`'s URL argument: a database, or another kind of source (a Salesforce org). */
export const SOURCE_URL_HELP = sourceUrlHelp();

/** The values of the options `databaseOptions` adds, as commander gives them. */
export interface DatabaseOptionValues {
  schema?: string[];
  table?: string[];
  exclude?: string[];
  include?: string[];
  source?: InspectableKind;
  connectTimeout?: string;
  statementTimeout?: string;
  sampleShop?: true;
  sql?: string[];
}

/** What `databaseOptions` adds. */
export interface DatabaseOptionsSetup {
  /** The kinds of source (default: introspect's descriptions). */
  readonly kinds?: readonly KindDescription[];
  /** Whether to add each kind's own flags (`inspect`, which reads every kind). */
  readonly kindFlags?: boolean;
}

/**
 * Adds the options that say which database and tables to read, as `inspect` reads them, with
 * `--source`'s choices and, asked, each kind's own flags from `kinds` (introspect's descriptions).
 * Their values are typed once
 * (`DatabaseOptionValues`) rather than inferred option by option through a generic command: that
 * inference made the type-check of the CLI take minutes.
 */
export function databaseOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  Globals extends OptionValues,
>(
  cmd: Command<Args, Opts, Globals>,
  { kinds = KIND_LIST, kindFlags = false }: DatabaseOptionsSetup = {},
): Command<Args, Opts & DatabaseOptionValues, Globals> {
  cmd
    .option('--schema <name>', 'only this schema (MySQL: database), repeatable', collect)
    .option('--table <name>', 'only this table (name or schema.name), repeatable', collect)
    .option('--exclude <pattern>', 'skip tables matching this pattern (* and ?), repeatable', collect)
    .option(
      '--include <kinds>',
      'also read: views, foreign-tables, partitions, system-schemas (comma-separated)',
      collect,
    )
    .addOption(
      new Option('--source <kind>', 'which driver variables to read when no URL is given').choices(
        variableKinds(kinds).map((k) => k.kind),
      ),
    )
    .option('--connect-timeout <duration>', `connect timeout: ${durationUnitHelp('seconds')} (default 10s)`)
    .option(
      '--statement-timeout <duration>',
      `timeout of each catalog query: ${durationUnitHelp('seconds')} (default 60s)`,
    )
    .option('--sample-shop', 'read the embedded sample shop (PGlite, in memory) instead of a server')
    .option(
      '--sql <file|folder>',
      "load PostgreSQL DDL into the embedded PostgreSQL (PGlite) and read it instead of a server: files, or folders of .sql files in name order; repeatable; after the sample shop's with --sample-shop",
      collect,
    );
  // The flags only one kind reads (`--sf-org-json`, ...), each with the URL it goes with; the
  // command refuses them with another kind (`refuseOtherKindsFlags`).
  if (kindFlags)
    for (const kind of kinds) for (const flag of kind.flags ?? []) cmd.addOption(kindOption(kind, flag));
  return cmd as unknown as Command<Args, Opts & DatabaseOptionValues, Globals>;
}

/**
 * The options of the commands that read a database as `inspect` reads it (`inspect`, `verify`):
 * which database and tables, the timeouts, and the embedded PostgreSQL instead of a server.
 *
 * @module
 */
import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { durationUnitHelp } from '../traits/duration.js';
import { collect } from './shared.js';

/** The help of a database URL argument. */
export const DATABASE_URL_HELP =
  'postgres://, mysql:// (mariadb://) or sqlserver:// (mssql://); a Unix-domain socket: postgres://user@/db?host=/run/postgresql, mysql://user@/db?socket=/path; default: QUERYMODE_DATABASE_URL or the driver variables (PGHOST, ...)';

/** The help of `inspect`'s URL argument: a database, or a Salesforce org read live. */
export const INSPECT_URL_HELP = `${DATABASE_URL_HELP}; or salesforce://<My Domain host> to read a Salesforce org through its REST API (token: SF_ACCESS_TOKEN or --sf-org-json)`;

/** The values of the options `databaseOptions` adds, as commander gives them. */
export interface DatabaseOptionValues {
  schema?: string[];
  table?: string[];
  exclude?: string[];
  include?: string[];
  source?: 'postgresql' | 'mysql' | 'sqlserver';
  connectTimeout?: string;
  statementTimeout?: string;
  sampleShop?: true;
  sql?: string[];
}

/**
 * Adds the options that say which database and tables to read, as `inspect` reads them. Their
 * values are typed once (`DatabaseOptionValues`) rather than inferred option by option through a
 * generic command: that inference made the type-check of the CLI take minutes.
 */
export function databaseOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  Globals extends OptionValues,
>(cmd: Command<Args, Opts, Globals>): Command<Args, Opts & DatabaseOptionValues, Globals> {
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
      new Option('--source <kind>', 'which driver variables to read when no URL is given').choices([
        'postgresql',
        'mysql',
        'sqlserver',
      ] as const),
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
  return cmd as unknown as Command<Args, Opts & DatabaseOptionValues, Globals>;
}

/**
 * The options of the commands that read a database as `inspect` reads it (`inspect`, `verify`):
 * which database and tables, the timeouts, and the embedded PostgreSQL instead of a server.
 *
 * @module
 */
import type { Command, OptionValues } from '@commander-js/extra-typings';
import { databaseUrlHelp, type InspectableKind, sourceUrlHelp } from '../database/kinds.js';
import { type DatabaseOptionsSetup, databaseOptionList } from '../database/options.js';

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
  observe?: string;
}

/**
 * Adds the options that say which database and tables to read, as `inspect` reads them, with
 * `--source`'s choices and, asked, each kind's own flags from `kinds` (introspect's descriptions)
 * and `--observe`. Their values are typed once (`DatabaseOptionValues`) rather than inferred option
 * by option through a generic command: that inference made the type-check of the CLI take minutes.
 */
export function databaseOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  Globals extends OptionValues,
>(
  cmd: Command<Args, Opts, Globals>,
  setup: DatabaseOptionsSetup = {},
): Command<Args, Opts & DatabaseOptionValues, Globals> {
  for (const option of databaseOptionList(setup)) cmd.addOption(option);
  return cmd as unknown as Command<Args, Opts & DatabaseOptionValues, Globals>;
}

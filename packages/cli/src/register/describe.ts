/**
 * The options that read Salesforce objects from saved describe files instead of a database
 * (`inspect --describe`, and `verify --describe` to check a Salesforce plan against them).
 *
 * @module
 */
import type { Command, OptionValues } from '@commander-js/extra-typings';
import { collect } from './shared.js';

/** The values of the options `describeOptions` adds, as commander gives them (a type, not an interface: it must fit commander's `OptionValues`). */
export type DescribeOptionValues = {
  describe?: string[];
  recordCounts?: string;
};

/** Adds `--describe` and `--record-counts`; their values are typed once (`DescribeOptionValues`), as the database options are. */
export function describeOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  Globals extends OptionValues,
>(cmd: Command<Args, Opts, Globals>): Command<Args, Opts & DescribeOptionValues, Globals> {
  cmd
    .option(
      '--describe <path>',
      'read Salesforce objects from saved describe files instead of a database: a file or a folder of .json files (sf sobject describe --json, the REST describe, arrays, the global /sobjects list); repeatable',
      collect,
    )
    .option(
      '--record-counts <file>',
      "with --describe: the objects' approximate record counts (/limits/recordCount, or sf org list sobject-record-counts --json)",
    );
  return cmd as unknown as Command<Args, Opts & DescribeOptionValues, Globals>;
}

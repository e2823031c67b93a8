/**
 * What the registration of every command shares: the runner of an action, the examples block of
 * a help, repeatable options, and the option groups of `recommend`, `estimate` and `plan` (the
 * table flags of core's traits field table, and the span of the events estimate).
 *
 * @module
 */

import type { Command, OptionValues } from '@commander-js/extra-typings';
import { collect } from '../options/collect.js';
import { DEFAULT_HORIZON } from '../options/span.js';
import { durationUnitHelp } from '../traits/duration.js';
import { flagHelp, TABLE_FLAGS, type TraitFlags } from '../traits/flags.js';

/** Runs an action and sets the process's exit code from what it returns (see `main.ts`). */
export type Runner = (action: () => number | Promise<number>) => Promise<void>;

/** Adds one command, with its options, help and action, to the program. */
export type Registration = (program: Command, run: Runner) => void;

/** The help of `--answers`, the same for every command that takes it. */
export const ANSWERS_HELP =
  'facts for many tables at once (JSON or YAML): {"defaults": {...}, "tables": {"<schema.table or glob>": {...}}}; a fact the table states itself stands over an answer';

/** The help's examples block. */
export const examples = (lines: readonly string[]) =>
  `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

/**
 * Adds the flags that describe one table: `--traits`, and one flag per flag of core's traits field
 * table. With `ndjson`, the help of the pipeline-wide ones says that they are every record's
 * default there. Their names come from the catalogue, so their values are typed as the traits
 * reader takes them (`TraitFlags`), not inferred one by one.
 */
export function tableOptions<Args extends unknown[], Opts extends OptionValues, Globals extends OptionValues>(
  cmd: Command<Args, Opts, Globals>,
  ndjson = false,
): Command<Args, Opts & TraitFlags & { traits?: string }, Globals> {
  cmd.option('--traits <file>', 'table traits as JSON (a file, or - for stdin); flags override its values');
  for (const f of TABLE_FLAGS) {
    const spec = `--${f.flag.name} ${f.flag.value}`;
    const base = flagHelp(f);
    const help =
      ndjson && f.flag.batch === true
        ? `${base}; with --ndjson, the default of every line that does not know it`
        : base;
    if (f.flag.reads === 'column') cmd.option(spec, help, collect);
    else cmd.option(spec, help);
  }
  return cmd as Command<Args, Opts & TraitFlags & { traits?: string }, Globals>;
}

/** Adds the span of the events estimate: a horizon, or a timeline of runs. */
export function spanOptions<Args extends unknown[], Opts extends OptionValues, Globals extends OptionValues>(
  cmd: Command<Args, Opts, Globals>,
  what: string,
) {
  return cmd
    .option(
      '--horizon <duration>',
      `horizon of ${what}: ${durationUnitHelp('minutes')} (default: ${DEFAULT_HORIZON})`,
    )
    .option(
      '--run <changes>',
      'the changes of one run of the pipeline, repeatable, in order, instead of the rates and --horizon: inserts=5,updates=4, or none',
      collect,
    );
}

export { collect };

/**
 * The `querymode` command line: the program's name, version, help and error output, and the list of
 * its commands. Each command registers its own options, help and action (`register/`), with mode
 * names and descriptions from the catalogue; its module is loaded when it runs, so that start-up
 * stays cheap.
 *
 * @module
 */

import { Command, type Help } from '@commander-js/extra-typings';
import { DEFAULT_MODE, MODES } from '@querymode/core';
import pkg from '../package.json' with { type: 'json' };
import { readProject } from './answers/read-project.js';
import { applySettings } from './config/apply.js';
import { SETTINGS } from './config/settings.js';
import { registerApply } from './register/apply.js';
import { registerConfig } from './register/config.js';
import { registerDemo } from './register/demo.js';
import { registerEstimate } from './register/estimate.js';
import { registerExplain } from './register/explain.js';
import { registerInspect } from './register/inspect.js';
import { registerMock } from './register/mock.js';
import { registerModes } from './register/modes.js';
import { registerOpenapi } from './register/openapi.js';
import { registerPlan } from './register/plan.js';
import { registerRecommend } from './register/recommend.js';
import { registerReport } from './register/report.js';
import { registerSchema } from './register/schema.js';
import type { Registration, Runner } from './register/shared.js';
import { registerValidate } from './register/validate.js';
import { registerVerify } from './register/verify.js';
import { formatColumns } from './render/columns.js';

/** Every command by its name, in the order of the help. */
const COMMANDS: { readonly [name: string]: Registration } = {
  modes: registerModes,
  explain: registerExplain,
  validate: registerValidate,
  recommend: registerRecommend,
  estimate: registerEstimate,
  plan: registerPlan,
  inspect: registerInspect,
  demo: registerDemo,
  report: registerReport,
  openapi: registerOpenapi,
  schema: registerSchema,
  mock: registerMock,
  apply: registerApply,
  verify: registerVerify,
  config: registerConfig,
};

/**
 * The commands to register for the command line `args` (without node and the script): the one it
 * names when its first word after the program's own options is a command, else all of them (for
 * the help, `help <command>` and the suggestion after a mistyped command). The others' options are
 * never read then: a single-table `recommend` built all fifteen (page faults 4,119 -> 4,023).
 */
function commandsFor(args: readonly string[]): readonly Registration[] {
  let i = 0;
  while (args[i] === '--debug' || args[i] === '--config' || args[i]?.startsWith('--config='))
    i += args[i] === '--config' ? 2 : 1;
  const named = args[i];
  return named !== undefined && Object.hasOwn(COMMANDS, named)
    ? [COMMANDS[named] as Registration]
    : Object.values(COMMANDS);
}

/** The commands some setting of the project file or the environment applies to. */
const SETTING_COMMANDS = new Set(SETTINGS.flatMap((s) => s.commands).filter((c) => c !== 'config'));

/** The program's description: the mode list in aligned columns that wrap inside the help's width. */
const programDescription = (width: number): string =>
  'Choose, validate and explain query modes of the data-pipeline service API v2.0.\n\n' +
  `Modes (new objects start at ${DEFAULT_MODE}):\n` +
  formatColumns(
    MODES.map((m) => [m.id, m.summary]),
    { width },
  );

/** Commander's two-line errors ("error: ...\n(Did you mean ...?)") as one line. */
const oneLine = (text: string): string => `querymode: ${text.trim().replace(/\s*\n\s*/g, ' ')}\n`;

/**
 * Builds the program for the command line `argv` (as `process.argv`: node, the script, then the
 * words). `run` receives each action's exit code.
 */
export function buildProgram(run: Runner, argv: readonly string[] = process.argv): Command {
  const program = new Command();
  // Set before the commands are added, so that every command inherits them.
  program.exitOverride().configureOutput({
    outputError: (text, write) => write(oneLine(text)),
  });

  // No `.description()`: the help alone shows it, laid out by `commandDescription` below when the
  // help is asked for (formatting it was 0.8 ms of every profiled start, issue 39).
  program
    .name('querymode')
    .version(pkg.version, '-v, --version', 'print the version')
    .option('--debug', 'show stack traces of errors')
    .option(
      '--config <file>',
      'the project file of settings (default: querymode.yaml here or above, up to the git root)',
    )
    .showSuggestionAfterError(true)
    .configureHelp({
      sortSubcommands: false,
      // The mode list is laid out for the help's actual width (the terminal's, or 80).
      commandDescription(this: Help, cmd): string {
        return cmd.parent === null ? programDescription(this.helpWidth ?? 80) : cmd.description();
      },
    })
    .addHelpText(
      'after',
      `\nExit codes: 0 success, 1 invalid input or result, 2 usage error.\nNO_COLOR and non-TTY output are respected.\n`,
    );

  for (const register of commandsFor(argv.slice(2))) register(program, run);
  // The settings of the environment and the project file fill the flags not typed, before the action.
  program.hook('preAction', async (_, action) => {
    if (SETTING_COMMANDS.has(action.name()))
      await applySettings(action, (program.opts() as { config?: string }).config, readProject);
  });

  return program;
}

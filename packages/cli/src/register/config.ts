/**
 * `querymode config`: its options and help (the command: `commands/config.ts`). It takes each
 * setting's flag, so that the whole order (flag > environment > project file > default) shows.
 *
 * @module
 */
import { SETTINGS } from '../config/settings.js';
import { examples, type Registration } from './shared.js';

export const registerConfig: Registration = (program, run) => {
  const command = program
    .command('config')
    .description(
      'print the effective settings (source, pipeline mode, horizon, ...) and where each came from: a flag, QUERYMODE_* variables, querymode.yaml or the default',
    )
    .option('--json', 'print the settings as JSON');
  for (const s of SETTINGS)
    if (s.flag !== undefined)
      command.option(`--${s.flag} <value>`, `${s.key} (to see the order: a flag wins)`);
  command
    .addHelpText(
      'after',
      `\nThe project file is --config FILE, else querymode.yaml in the working directory or the nearest folder above it, up to the git repository's root (or the filesystem's).\n${examples(['querymode config', 'querymode config --json', 'QUERYMODE_SOURCE=mysql querymode config'])}`,
    )
    .action((options) =>
      run(async () =>
        (await import('../commands/config.js')).runConfig(
          options,
          command,
          (program.opts() as { config?: string }).config,
        ),
      ),
    );
};

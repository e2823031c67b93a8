/**
 * `querymode explain`: its arguments, options and help (the command: `commands/explain.ts`).
 *
 * @module
 */
import { Option } from '@commander-js/extra-typings';
import { QUERY_MODES, SOURCE_KINDS } from '@querymode/core';
import { examples, type Registration } from './shared.js';

export const registerExplain: Registration = (program, run) => {
  program
    .command('explain')
    .description('everything about one mode: fields, rules, captured changes, remedies, example')
    .argument('<mode>', `one of: ${QUERY_MODES.join(', ')}`)
    .addOption(
      new Option('--source <kind>', 'source kind, for the SQL dialect of the remedies').choices(SOURCE_KINDS),
    )
    .option('--json', 'print as JSON')
    .addHelpText(
      'after',
      examples([
        'querymode explain timestamp',
        'querymode explain timestamp --source mysql',
        'querymode explain change_tracking --json',
      ]),
    )
    .action((mode, options) =>
      run(async () => (await import('../commands/explain.js')).runExplain(mode, options)),
    );
};

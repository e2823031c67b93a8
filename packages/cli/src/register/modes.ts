/**
 * `querymode modes`: its options and help (the command: `commands/modes.ts`).
 *
 * @module
 */
import { examples, type Registration } from './shared.js';

export const registerModes: Registration = (program, run) => {
  program
    .command('modes')
    .description('list the modes, their fields and the changes they capture')
    .option('--json', 'print the catalogue as JSON')
    .addHelpText('after', examples(['querymode modes', 'querymode modes --json']))
    .action((options) => run(async () => (await import('../commands/modes.js')).runModes(options)));
};

/**
 * `querymode estimate`: its options and help (the command: `commands/estimate.ts`).
 *
 * @module
 */
import { ANSWERS_HELP, collect, examples, type Registration, spanOptions, tableOptions } from './shared.js';

export const registerEstimate: Registration = (program, run) => {
  const command = program
    .command('estimate')
    .description('estimate the billed events of each mode over a horizon: the fewest without a miss first')
    .option('--mode <mode>', 'only this mode (repeatable)', collect)
    .option('--answers <file>', ANSWERS_HELP)
    .option('--json', 'print as JSON');
  spanOptions(tableOptions(command), 'the estimate')
    .addHelpText(
      'after',
      examples([
        'querymode estimate --rows 2000000 --inserts-per-day 50000 --updates-per-day 10000 --horizon 30d',
        'querymode estimate --traits orders.traits.json --mode full_load --mode timestamp+incrementing --json',
        'querymode estimate --rows 100 --frequency 6h --mode full_load --run inserts=5,updates=4 --run none',
      ]),
    )
    .action((options) => run(async () => (await import('../commands/estimate.js')).runEstimate(options)));
};

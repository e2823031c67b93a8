/**
 * `querymode plan`: its options and help (the command: `commands/plan.ts`).
 *
 * @module
 */
import { examples, type Registration, spanOptions, tableOptions } from './shared.js';

export const registerPlan: Registration = (program, run) => {
  const command = program
    .command('plan')
    .description('what changing a mode does: changes gained or lost, findings, events, restart')
    .requiredOption('--from <body|mode>', 'the current mode: a mode name, a JSON body, or a body file')
    .requiredOption('--to <body|mode>', 'the new mode: a mode name, a JSON body, or a body file')
    .option('--json', 'print as JSON');
  spanOptions(tableOptions(command), 'the events difference')
    .addHelpText(
      'after',
      examples([
        'querymode plan --from full_load --to timestamp+incrementing --traits orders.traits.json',
        `querymode plan --from incrementing --to '{"config":{"mode":"timestamp","timestamp_column_name":"updated_at"}}'`,
      ]),
    )
    .action((options) => run(async () => (await import('../commands/plan.js')).runPlan(options)));
};

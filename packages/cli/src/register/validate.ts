/**
 * `querymode validate`: its arguments, options and help (the command: `commands/validate.ts`).
 *
 * @module
 */
import { examples, type Registration } from './shared.js';

export const registerValidate: Registration = (program, run) => {
  program
    .command('validate')
    .description('validate a query-mode body strictly (exit 0 valid, 1 invalid, 2 usage error)')
    .argument('[file]', 'a JSON body file, or - for stdin', '-')
    .option('--traits <file>', 'also check the body against these table traits')
    .option('--fix', 'normalise a hand-written body, print it and the changes made')
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      examples([
        'querymode validate body.json',
        `echo '{"config":{"mode":"timestamp","timestamp_column_name":"updated_at"}}' | querymode validate -`,
        `echo '{"mode":"Timestamp","timestamp_column_name":"updated_at"}' | querymode validate --fix`,
        'querymode validate body.json --traits orders.traits.json --json',
      ]),
    )
    .action((file, options) =>
      run(async () => (await import('../commands/validate.js')).runValidate(file, options)),
    );
};

/**
 * `querymode validate`: its arguments, options and help (the command: `commands/validate.ts`).
 *
 * @module
 */
import { BODY_PROFILE_NAMES, BODY_PROFILES, DEFAULT_BODY_PROFILE } from '@querymode/core';
import { Option } from 'commander';
import { examples, type Registration } from './shared.js';

const PROFILES_HELP = `\nProfiles (--profile):\n${BODY_PROFILE_NAMES.map(
  (name) => `  ${name}${name === DEFAULT_BODY_PROFILE ? ' (default)' : ''}: ${BODY_PROFILES[name].summary}`,
).join('\n')}\n`;

export const registerValidate: Registration = (program, run) => {
  program
    .command('validate')
    .description(
      `validate a query-mode body, by default in querymode's strict profile (exit 0 valid, 1 invalid, 2 usage error)`,
    )
    .argument('[file]', 'a JSON body file, or - for stdin', '-')
    .option('--traits <file>', 'also check the body against these table traits')
    .option('--fix', 'normalise a hand-written body, print it and the changes made')
    .addOption(
      new Option('--profile <name>', 'which rules to check: strict, or documented (see below)')
        .choices(BODY_PROFILE_NAMES)
        .default(DEFAULT_BODY_PROFILE),
    )
    .option('--json', 'print the result as JSON')
    .addHelpText('after', PROFILES_HELP)
    .addHelpText(
      'after',
      examples([
        'querymode validate body.json',
        `echo '{"config":{"mode":"timestamp","timestamp_column_name":"updated_at"}}' | querymode validate -`,
        `echo '{"mode":"Timestamp","timestamp_column_name":"updated_at"}' | querymode validate --fix`,
        'querymode validate body.json --traits orders.traits.json --json',
        'querymode validate body.json --profile documented',
      ]),
    )
    .action((file, options) =>
      run(async () => (await import('../commands/validate.js')).runValidate(file, options)),
    );
};

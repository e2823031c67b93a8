/**
 * `querymode openapi`: its options and help (the command: `commands/openapi.ts`, loaded through
 * `lazy/load-heavy.ts`).
 *
 * @module
 */
import { Option } from '@commander-js/extra-typings';
import { loadHeavy } from '../lazy/load-heavy.js';
import { collect, examples, type Registration } from './shared.js';

export const registerOpenapi: Registration = (program, run) => {
  program
    .command('openapi')
    .description('print or write the OpenAPI document of the query-mode and list endpoints')
    .addOption(
      new Option('--format <format>', 'output format')
        .choices(['yaml', 'json'] as const)
        .default('yaml' as const),
    )
    .addOption(
      new Option('--oas <version>', 'OpenAPI version')
        .choices(['3.1', '3.0'] as const)
        .default('3.1' as const),
    )
    .option('--server <url>', 'a server URL (repeatable); default: a placeholder regional host', collect)
    .option('-o, --output <file>', 'write to this file atomically instead of stdout (- writes to stdout)')
    .addHelpText(
      'after',
      examples([
        'querymode openapi > openapi.yaml',
        'querymode openapi --format json --oas 3.0 -o openapi.json',
        'querymode openapi --server https://eu.example.invalid',
      ]),
    )
    .action((options) => run(async () => (await loadHeavy()).runOpenapi(options)));
};

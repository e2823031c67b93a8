/**
 * `querymode schema`: its argument and help (the command: `commands/schema.ts`, loaded through
 * `lazy/load-heavy.ts`).
 *
 * @module
 */
import { Argument } from '@commander-js/extra-typings';
import { loadHeavy } from '../lazy/load-heavy.js';
import { SCHEMA_KINDS } from '../schema-kinds.js';
import { examples, type Registration } from './shared.js';

export const registerSchema: Registration = (program, run) => {
  program
    .command('schema')
    .description('print a JSON Schema, for editors and scripts: of an input, or of an output of the CLI')
    .addArgument(new Argument('[kind]', 'what to describe').choices(SCHEMA_KINDS).default('body' as const))
    .addHelpText(
      'after',
      examples([
        'querymode schema > query-mode.schema.json',
        'querymode schema traits',
        'querymode schema recommendation',
        'querymode schema ndjson-record',
      ]),
    )
    .action((kind) => run(async () => (await loadHeavy()).runSchema(kind)));
};

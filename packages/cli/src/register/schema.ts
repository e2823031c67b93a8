/**
 * `querymode schema`: its argument and help (the command: `commands/schema.ts`, loaded through
 * `lazy/load-heavy.ts`).
 *
 * @module
 */
import { Argument, Option } from '@commander-js/extra-typings';
import { BODY_PROFILE_NAMES, DEFAULT_BODY_PROFILE } from '@querymode/core';
import { loadHeavy } from '../lazy/load-heavy.js';
import { SCHEMA_KINDS } from '../schema-kinds.js';
import { examples, type Registration } from './shared.js';

export const registerSchema: Registration = (program, run) => {
  program
    .command('schema')
    .description('print a JSON Schema, for editors and scripts: of an input, or of an output of the CLI')
    .addArgument(new Argument('[kind]', 'what to describe').choices(SCHEMA_KINDS).default('body' as const))
    .addOption(
      new Option(
        '--profile <name>',
        "for body: strict (querymode's own, stricter than the service's documentation) or documented (only what it states)",
      )
        .choices(BODY_PROFILE_NAMES)
        .default(DEFAULT_BODY_PROFILE),
    )
    .addHelpText(
      'after',
      examples([
        'querymode schema > query-mode.schema.json',
        'querymode schema traits',
        'querymode schema recommendation',
        'querymode schema ndjson-record',
        'querymode schema body --profile documented',
      ]),
    )
    .action((kind, options) => run(async () => (await loadHeavy()).runSchema(kind, options.profile)));
};

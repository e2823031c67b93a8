/**
 * `querymode inspect`: its arguments, options and help (the command: `commands/inspect.ts`, which
 * alone with `demo` and `verify` loads @querymode/introspect).
 *
 * @module
 */
import { databaseOptions, SOURCE_URL_HELP } from './database.js';
import { describeOptions } from './describe.js';
import { examples, type Registration } from './shared.js';

export const registerInspect: Registration = (program, run) => {
  databaseOptions(
    describeOptions(
      program
        .command('inspect')
        .description(
          "read table traits from a database's catalogs (or Salesforce describe files): one NDJSON record per table, for recommend --ndjson",
        )
        .argument('[url]', SOURCE_URL_HELP),
    ),
    { kindFlags: true, observe: true },
  )
    .option('-o, --output <file>', 'write the records to this file, whole or not at all (default: stdout)')
    .option('--json', 'one pretty JSON document instead of NDJSON')
    .addHelpText(
      'after',
      examples([
        'querymode inspect postgres://reader@db.example.com/shop --schema public | querymode recommend --ndjson',
        'QUERYMODE_DATABASE_URL=mysql://reader@127.0.0.1/shop querymode inspect --exclude "tmp_*"',
        'querymode inspect --sample-shop --json',
        'querymode inspect postgres://reader@db.example.com/shop --observe 10m > tables.ndjson',
        'sf org display --target-org acme --json | querymode inspect salesforce://acme.my.salesforce.com --sf-org-json - -o objects.ndjson',
        'querymode inspect --describe describes/ --record-counts counts.json | querymode recommend --ndjson',
      ]),
    )
    .action((url, options) =>
      run(async () => (await import('../commands/inspect.js')).runInspect(url, options)),
    );
};

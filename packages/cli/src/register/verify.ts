/**
 * `querymode verify`: its arguments, options and help (the command: `commands/verify.ts`, loaded
 * when it runs; the words of a plan record it refuses come with zod, from the heavy chunk).
 *
 * @module
 */
import { Option } from '@commander-js/extra-typings';
import { loadHeavy } from '../lazy/load-heavy.js';
import { databaseOptions, SOURCE_URL_HELP } from './database.js';
import { describeOptions } from './describe.js';
import { ANSWERS_HELP, examples, type Registration } from './shared.js';

export const registerVerify: Registration = (program, run) => {
  databaseOptions(
    describeOptions(
      program
        .command('verify')
        .description(
          'check a plan (recommend --ndjson records or an apply plan) against the database as it is now (or a Salesforce org, live or from describe files): holds, broken, unverified, better, new, gone',
        )
        .argument(
          '<plan>',
          'the plan: recommend --ndjson records (with or without --detail), or an apply plan; - for stdin',
        )
        .argument('[url]', SOURCE_URL_HELP),
    ),
    { kindFlags: true },
  )
    .option(
      '--answers <file>',
      `${ANSWERS_HELP}: the facts the plan was made with, applied to the tables read now`,
    )
    .option('--strict', 'also fail (exit 1) when a table is unverified, new or gone')
    .addOption(
      new Option(
        '--format <format>',
        'the human output: text (the default), github (annotations, the worst first), markdown, or sarif (SARIF 2.1.0, for code scanning); not with --ndjson or --json; GITHUB_STEP_SUMMARY, when set, also gets the markdown',
      ).choices(['text', 'github', 'markdown', 'sarif']),
    )
    .option(
      '--junit <file>',
      'also write JUnit XML to this file (one testcase per table; broken fails, and with --strict unverified, new and gone too)',
    )
    .option('--ndjson', 'one record per table instead of the human output')
    .option('--json', 'one JSON document: the verdict, the counts and every table')
    .option(
      '--must-capture <kinds>',
      'comma-separated change kinds the planned modes must capture: inserts,updates,deletes (default: inserts,updates; no query mode captures deletes)',
    )
    .option(
      '--table-from-object-name',
      'a record without `table` takes its `object_name` (say so only if the objects are named as the tables)',
    )
    .addHelpText(
      'after',
      examples([
        'querymode inspect postgres://reader@db.example.com/shop | querymode recommend --ndjson --detail > plan.ndjson',
        'querymode verify plan.ndjson postgres://reader@db.example.com/shop',
        'querymode verify plan.ndjson --sample-shop --strict --ndjson',
        'querymode verify plan.ndjson "$DATABASE_URL" --format sarif --junit verify.xml > verify.sarif',
        'querymode verify objects-plan.ndjson --describe describes/ --record-counts counts.json',
        'querymode verify objects-plan.ndjson salesforce://acme.my.salesforce.com',
      ]) +
        "\nWithout --schema or --table, the schemas of the plan's tables are read when its records name them (those of recommend --ndjson --detail do), else every schema.\n" +
        '--schema, --table and --exclude narrow the plan as they narrow the database: a planned table they leave out is neither gone nor new (it is counted as filtered out).\n' +
        "Each table's findings are listed, the costliest first (a change the mode now misses before a renamed column), further ones on lines starting `also:`.\n" +
        '\nExit codes: 0 nothing broken, 1 something broken (with --strict, also unverified, new or gone), 2 usage error.\n',
    )
    .action((plan, url, options) =>
      run(async () =>
        (await import('../commands/verify.js')).runVerify(
          plan,
          url,
          options,
          async () => (await loadHeavy()).plannedRecordProblem,
        ),
      ),
    );
};

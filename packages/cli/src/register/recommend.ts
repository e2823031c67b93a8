/**
 * `querymode recommend`: its options and help (the command: `commands/recommend/`). One table
 * from flags or `--traits`, or many with `--ndjson`, whose own options say so in their help.
 *
 * @module
 */
import { Option } from '@commander-js/extra-typings';
import { DEFAULT_UNKNOWN_EVENTS_POLICY, UNKNOWN_EVENTS_POLICIES } from '@querymode/core';
import { ANSWERS_HELP, examples, type Registration, spanOptions, tableOptions } from './shared.js';

export const registerRecommend: Registration = (program, run) => {
  const command = program
    .command('recommend')
    .description('recommend a mode for a table, with the body to send and the reasons')
    .argument(
      '[file]',
      "the input, - for stdin: with --ndjson, one traits object per line (as --input); otherwise one table's traits (as --traits)",
    )
    .option('--ndjson', 'stream many tables: one traits object per input line, one result per output line')
    .option('--input <file>', 'with --ndjson: read from this file instead of stdin')
    .option(
      '--threads <n>',
      'with --ndjson: threads for long inputs, 1 (the main thread alone) to 64; default 2 (1 on one core); each past the first adds 35 to 70 MB',
    )
    .option('--reasons', 'with --ndjson: add the reasons (sentences) to each result line (slower)')
    .option(
      '--detail',
      'with --ndjson: add the traits, reasons and candidates to each result line, for querymode report (slower); the first line is the legend, the texts the lines cite by key',
    )
    .option(
      '--questions <file>',
      'with --ndjson: also write the open questions of the plan, the most events saved first, as an answers file to fill in (YAML, every value unknown) for --answers; - writes it to stdout instead of the records',
    )
    .option('--supported-modes <modes>', 'comma-separated modes the source supports (default: all)')
    .option(
      '--must-capture <kinds>',
      'comma-separated change kinds that must be captured: inserts,updates,deletes (default: inserts,updates; no query mode captures deletes)',
    )
    .addOption(
      new Option(
        '--unknown-events <policy>',
        'ranking when change rates are unknown: break_even (a changes-reading mode that covers the table ranks below a known full_load estimate) or last',
      )
        .choices(UNKNOWN_EVENTS_POLICIES)
        .default(DEFAULT_UNKNOWN_EVENTS_POLICY),
    )
    .option(
      '--rows-estimate-margin <fraction>',
      'how near the row limit an estimated row count counts as not known to be below it, 0 to 1 (default: 0.2)',
    )
    .option('--answers <file>', ANSWERS_HELP)
    .option('--json', 'print the full recommendation as JSON');
  spanOptions(tableOptions(command, true), 'the events estimate')
    .addHelpText(
      'after',
      examples([
        'querymode recommend --rows 12000000 --column id:bigint:primary-key:auto-increment --column updated_at:timestamp:not-null:auto-update --updates yes',
        'querymode recommend --traits orders.traits.json --json',
        'querymode recommend --ndjson tables.ndjson > results.ndjson',
        'querymode recommend --ndjson --detail < tables.ndjson | querymode report -o plan.html',
        'querymode recommend --ndjson tables.ndjson --questions answers.yaml > results.ndjson',
        'querymode recommend --ndjson tables.ndjson --answers answers.yaml > results.ndjson',
      ]),
    )
    .action((file, options) =>
      run(async () => (await import('../commands/recommend/recommend.js')).runRecommend(options, file)),
    );
};

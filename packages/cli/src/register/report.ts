/**
 * `querymode report`: its arguments, options and help (the command: `commands/report.ts`, loaded
 * through `lazy/load-report.ts`).
 *
 * @module
 */
import { loadReport } from '../lazy/load-report.js';
import { examples, type Registration } from './shared.js';

export const registerReport: Registration = (program, run) => {
  program
    .command('report')
    .description(
      'write one offline HTML page of recommend --ndjson results (summary, events, every table) or of verify --ndjson verdicts',
    )
    .argument(
      '[file]',
      'the records of recommend --ndjson (with --detail for the details) or of verify --ndjson, or - for stdin',
      '-',
    )
    .option(
      '-o, --output <file>',
      'write the page to this file atomically instead of stdout (- writes to stdout)',
    )
    .option('--title <text>', 'the page title (default: "Query-mode plan: <input file>")')
    .addHelpText(
      'after',
      examples([
        'querymode recommend --ndjson --detail < tables.ndjson > results.ndjson',
        'querymode report results.ndjson -o plan.html',
        'querymode verify plan.ndjson --sql db/migrations --ndjson | querymode report -o verify.html',
        'querymode inspect --sample-shop | querymode recommend --ndjson --detail | querymode report -o shop.html',
      ]),
    )
    .action((file, options) => run(async () => (await loadReport()).runReport(file, options)));
};

/**
 * `querymode demo`: its options and help (the command: `commands/demo.ts`). The page of `--report`
 * is written by the report chunk, loaded only when it is asked for.
 *
 * @module
 */
import { loadReport } from '../lazy/load-report.js';
import { durationUnitHelp } from '../traits/duration.js';
import { ANSWERS_HELP, collect, examples, type Registration } from './shared.js';

export const registerDemo: Registration = (program, run) => {
  program
    .command('demo')
    .description('inspect the embedded sample shop (or --url) and recommend a mode table by table')
    .option('--url <url>', 'a database URL to inspect instead of the embedded sample shop')
    .option('--schema <name>', 'only this schema, repeatable', collect)
    .option('--horizon <duration>', `horizon of the events estimate: ${durationUnitHelp('minutes')}`, '30d')
    .option('--answers <file>', ANSWERS_HELP)
    .option('--report <file>', 'also write the querymode report page of the recommendations to this file')
    .addHelpText(
      'after',
      examples([
        'querymode demo',
        'querymode demo --report plan.html',
        'querymode demo --url postgres://reader@127.0.0.1/shop',
      ]),
    )
    .action((options) =>
      run(async () =>
        (await import('../commands/demo.js')).runDemo(options, async (records, page) =>
          (await loadReport()).writeRecordsPage(records, page),
        ),
      ),
    );
};

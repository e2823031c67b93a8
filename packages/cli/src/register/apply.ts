/**
 * `querymode apply`: its arguments, options and help (the command: `commands/apply.ts`, loaded
 * through `lazy/load-net.ts`).
 *
 * @module
 */
import { loadNet } from '../lazy/load-net.js';
import { durationUnitHelp } from '../traits/duration.js';
import { examples, type Registration } from './shared.js';

export const registerApply: Registration = (program, run) => {
  program
    .command('apply')
    .description('set query modes from a plan of NDJSON records (dry run unless --yes)')
    .argument(
      '<file>',
      'the plan: { pipeline_id, object_name, config } per line, or recommend --ndjson records (with those keys, or --pipeline and --object-name-from-table); - for stdin',
    )
    .option('--yes', 'send the changes (default: a dry run that prints what would be sent)')
    .option(
      '--journal <file>',
      'record every answer here (locked while in use); a rerun skips what the server accepted at this base URL',
    )
    .option('--base-url <url>', 'the origin of the regional host (default: QUERYMODE_BASE_URL)')
    .option('--api-key <key>', 'the API key (default: QUERYMODE_API_KEY)')
    .option(
      '--api-secret <secret>',
      'the API secret (default: QUERYMODE_API_SECRET; prefer the variable: arguments show in ps)',
    )
    .option(
      '--rate-limit <n>',
      'requests a minute (0: off; the service allows 100 a minute: service rules: rate limit)',
      '100',
    )
    .option('--concurrency <n>', 'requests in flight at once', '4')
    .option(
      '--stop-timeout <duration>',
      `after Ctrl-C, how long the requests in flight have to finish before they are cancelled: ${durationUnitHelp('seconds')} (default 5s)`,
    )
    .option(
      '--resend-uncertain',
      'resend a PUT after a 5xx, 408 or timeout (default: never; a mode change restarts ingestion)',
    )
    .option('--max-response-bytes <n>', 'the largest answer read (default: 4194304)')
    .option('--max-records <n>', 'the most records a plan may hold (default: 100000)')
    .option('--pipeline <id>', 'the pipeline of records without pipeline_id')
    .option(
      '--object-name-from-table',
      'a record without object_name takes its table (say so only if the objects are named as the tables)',
    )
    .addHelpText(
      'after',
      examples([
        'querymode apply plan.ndjson',
        'querymode apply plan.ndjson --yes --journal plan.journal',
        'querymode recommend --ndjson < tables.ndjson | grep \'"status":"recommended"\' | querymode apply - --pipeline p1 --object-name-from-table --yes',
      ]) +
        '\nApplied means a 204, a 200 with no body, or a 200 with a JSON object that does not contradict the change; any other 2xx (a web page from a wrong --base-url, a JSON array) fails, halts the run and is sent again on a rerun.' +
        '\nExit codes: 0 every record applied (dry run: every record valid), 1 otherwise, 2 usage error, 130 stopped by Ctrl-C (143 SIGTERM).\n',
    )
    .action((file, options) => run(async () => (await loadNet()).runApplyCommand(file, options)));
};

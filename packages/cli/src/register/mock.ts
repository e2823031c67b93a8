/**
 * `querymode mock`: its options and help (the command: `commands/mock.ts`, loaded through
 * `lazy/load-net.ts`).
 *
 * @module
 */
import { BODY_PROFILE_NAMES, DEFAULT_BODY_PROFILE } from '@querymode/core';
import { Option } from 'commander';
import { loadNet } from '../lazy/load-net.js';
import { examples, type Registration } from './shared.js';

export const registerMock: Registration = (program, run) => {
  program
    .command('mock')
    .description('run a stateful local mock of the API on loopback (prints its base URL and credentials)')
    .option('--port <n>', 'port to listen on (0: a free one)', '4010')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--seed <n>', 'seed of the generated pipelines and of the faults', '1')
    .option('--fixtures <file>', 'pipelines and objects from a JSON fixture instead of generated ones')
    .option('--pipelines <n>', 'generated pipelines (default: 3)')
    .option('--objects <n>', 'generated objects per pipeline (default: 5)')
    .option(
      '--faults <list>',
      'inject faults, e.g. latency=5-20,5xx=0.2,429=0.05,drop=0.05,slow=0.1,seed=7 (latency in milliseconds)',
    )
    // Not --env-file: Node 20 reads an --env-file anywhere on the command line as its own option.
    .option(
      '--save-env <file>',
      'write the base URL and credentials to this file, readable by its owner alone (mode 0600), instead of stdout',
    )
    .option('--rate-limit <n>', 'requests a minute per credential (0: off)', '100')
    .addOption(
      new Option(
        '--profile <name>',
        "which rules a PUT's body must pass: strict (querymode's own, stricter than the service's documentation) or documented (only what it states)",
      )
        .choices(BODY_PROFILE_NAMES)
        .default(DEFAULT_BODY_PROFILE),
    )
    .addHelpText(
      'after',
      examples([
        'querymode mock',
        'querymode mock --port 0 --pipelines 10 --objects 100 --seed 7 --save-env mock.env',
        'querymode mock --fixtures examples/mock/fixture.json --faults 5xx=0.2,drop=0.05',
        'querymode mock --profile documented',
      ]) +
        '\nEnvironment: QUERYMODE_MOCK_API_KEY and QUERYMODE_MOCK_API_SECRET set the credential (then never printed).\n',
    )
    .action((options) => run(async () => (await loadNet()).runMock(options)));
};

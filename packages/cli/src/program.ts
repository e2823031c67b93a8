/**
 * The `querymode` command line: every command, its options and its help, with mode names and
 * descriptions from the catalogue. Command modules are loaded when their command runs, so that
 * start-up stays cheap.
 *
 * @module
 */

import {
  DEFAULT_MODE,
  FULL_LOAD_MAX_ROWS_EXCLUSIVE,
  MODES,
  QUERY_MODES,
  SOURCE_KINDS,
} from '@querymode/core';
import { Argument, Command, type Help, Option } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import type { DemoFlags } from './commands/demo.js';
import { DEFAULT_HORIZON } from './commands/recommend-options.js';
import { loadHeavy } from './lazy/load-heavy.js';
import { loadNet } from './lazy/load-net.js';
import { loadReport } from './lazy/load-report.js';
import { formatColumns } from './render/columns.js';
import { formatInt } from './render/number.js';
import { SCHEMA_KINDS } from './schema-kinds.js';
import { flagHelp, TABLE_FLAGS } from './traits/flags.js';

/** What an action returns: the exit code. */
type Action = (...args: never[]) => number | Promise<number>;

/** Commander's argument parser for a repeatable option: each value is added to the list. */
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const examples = (lines: readonly string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

/** The program's description: the mode list in aligned columns that wrap inside the help's width. */
const programDescription = (width: number): string =>
  'Choose, validate and explain query modes of the data-pipeline service API v2.0.\n\n' +
  `Modes (new objects start at ${DEFAULT_MODE}):\n` +
  formatColumns(
    MODES.map((m) => [m.id, m.summary]),
    { width },
  );

/**
 * Adds the flags that describe one table: one per flag of core's traits field table. With
 * `ndjson`, the help of the pipeline-wide ones says that they are every record's default there.
 */
function tableOptions(cmd: Command, ndjson = false): Command {
  cmd.option('--traits <file>', 'table traits as JSON (a file, or - for stdin); flags override its values');
  for (const f of TABLE_FLAGS) {
    const spec = `--${f.flag.name} ${f.flag.value}`;
    const base =
      f.field.kind === 'count'
        ? `${flagHelp(f)} (full_load needs fewer than ${formatInt(FULL_LOAD_MAX_ROWS_EXCLUSIVE)})`
        : flagHelp(f);
    const help =
      ndjson && f.flag.batch === true
        ? `${base}; with --ndjson, the default of every line that does not know it`
        : base;
    if (f.flag.reads === 'column') cmd.option(spec, help, collect);
    else cmd.option(spec, help);
  }
  return cmd;
}

/** Adds the span of the events estimate: a horizon, or a timeline of runs. */
function spanOptions(cmd: Command, what: string): Command {
  return cmd
    .option('--horizon <duration>', `horizon of ${what} (default: ${DEFAULT_HORIZON})`)
    .option(
      '--run <changes>',
      'the changes of one run of the pipeline, repeatable, in order, instead of the rates and --horizon: inserts=5,updates=4, or none',
      collect,
    );
}

/** The help of a database URL argument. */
const DATABASE_URL_HELP =
  'postgres://, mysql:// (mariadb://) or sqlserver:// (mssql://); default: QUERYMODE_DATABASE_URL or the driver variables (PGHOST, ...)';

/** Adds the options that say which database and tables to read, as `inspect` reads them. */
function databaseOptions(cmd: Command): Command {
  return cmd
    .option('--schema <name>', 'only this schema (MySQL: database), repeatable', collect)
    .option('--table <name>', 'only this table (name or schema.name), repeatable', collect)
    .option('--exclude <pattern>', 'skip tables matching this pattern (* and ?), repeatable', collect)
    .option(
      '--include <kinds>',
      'also read: views, foreign-tables, partitions, system-schemas (comma-separated)',
      collect,
    )
    .addOption(
      new Option('--source <kind>', 'which driver variables to read when no URL is given').choices([
        'postgresql',
        'mysql',
        'sqlserver',
      ]),
    )
    .option('--connect-timeout <duration>', 'connect timeout (default 10s)')
    .option('--statement-timeout <duration>', 'timeout of each catalog query (default 60s)')
    .option('--sample-shop', 'read the embedded sample shop (PGlite, in memory) instead of a server')
    .option(
      '--sql <file|folder>',
      "load PostgreSQL DDL into the embedded PostgreSQL (PGlite) and read it instead of a server: files, or folders of .sql files in name order; repeatable; after the sample shop's with --sample-shop",
      collect,
    );
}

/** Commander's two-line errors ("error: ...\n(Did you mean ...?)") as one line. */
const oneLine = (text: string): string => `querymode: ${text.trim().replace(/\s*\n\s*/g, ' ')}\n`;

/** Builds the program. `run` receives each action's exit code. */
export function buildProgram(run: (action: () => number | Promise<number>) => Promise<void>): Command {
  const program = new Command();
  // Set before the commands are added, so that every command inherits them.
  program.exitOverride().configureOutput({
    outputError: (text, write) => write(oneLine(text)),
  });
  const wrap =
    <A extends Action>(load: () => Promise<A>) =>
    (...args: unknown[]) =>
      run(async () => (await load())(...(args as never[])));

  program
    .name('querymode')
    .description(programDescription(80))
    .version(pkg.version, '-v, --version', 'print the version')
    .option('--debug', 'show stack traces of errors')
    .showSuggestionAfterError(true)
    .configureHelp({
      sortSubcommands: false,
      // The mode list is laid out for the help's actual width (the terminal's, or 80).
      commandDescription(this: Help, cmd: Command): string {
        return cmd.parent === null ? programDescription(this.helpWidth ?? 80) : cmd.description();
      },
    })
    .addHelpText(
      'after',
      `\nExit codes: 0 success, 1 invalid input or result, 2 usage error.\nNO_COLOR and non-TTY output are respected.\n`,
    );

  program
    .command('modes')
    .description('list the modes, their fields and the changes they capture')
    .option('--json', 'print the catalogue as JSON')
    .addHelpText('after', examples(['querymode modes', 'querymode modes --json']))
    .action(wrap(async () => (await import('./commands/modes.js')).runModes as Action));

  program
    .command('explain')
    .description('everything about one mode: fields, rules, captured changes, remedies, example')
    .argument('<mode>', `one of: ${QUERY_MODES.join(', ')}`)
    .addOption(
      new Option('--source <kind>', 'source kind, for the SQL dialect of the remedies').choices(SOURCE_KINDS),
    )
    .option('--json', 'print as JSON')
    .addHelpText(
      'after',
      examples([
        'querymode explain timestamp',
        'querymode explain timestamp --source mysql',
        'querymode explain change_tracking --json',
      ]),
    )
    .action(wrap(async () => (await import('./commands/explain.js')).runExplain as Action));

  program
    .command('validate')
    .description('validate a query-mode body strictly (exit 0 valid, 1 invalid, 2 usage error)')
    .argument('[file]', 'a JSON body file, or - for stdin', '-')
    .option('--traits <file>', 'also check the body against these table traits')
    .option('--fix', 'normalise a hand-written body, print it and the changes made')
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      examples([
        'querymode validate body.json',
        `echo '{"config":{"mode":"timestamp","timestamp_column_name":"updated_at"}}' | querymode validate -`,
        `echo '{"mode":"Timestamp","timestamp_column_name":"updated_at"}' | querymode validate --fix`,
        'querymode validate body.json --traits orders.traits.json --json',
      ]),
    )
    .action(wrap(async () => (await import('./commands/validate.js')).runValidate as Action));

  spanOptions(
    tableOptions(
      program
        .command('recommend')
        .description('recommend a mode for a table, with the body to send and the reasons')
        .option(
          '--ndjson',
          'stream many tables: one traits object per input line, one result per output line',
        )
        .option('--input <file>', 'with --ndjson: read from this file instead of stdin')
        .option(
          '--threads <n>',
          'with --ndjson: threads for long inputs, 1 (the main thread alone) to 64; default 2 (1 on one core); each past the first adds 35 to 70 MB',
        )
        .option('--reasons', 'with --ndjson: add the reasons (sentences) to each result line (slower)')
        .option(
          '--detail',
          'with --ndjson: add the traits, reasons and candidates to each result line, for querymode report (slower)',
        )
        .option('--supported-modes <modes>', 'comma-separated modes the source supports (default: all)')
        .option(
          '--must-capture <kinds>',
          'comma-separated change kinds that must be captured: inserts,updates,deletes',
        )
        .addOption(
          new Option(
            '--unknown-events <policy>',
            'ranking when change rates are unknown: break_even (a changes-reading mode that covers the table ranks below a known full_load estimate) or last',
          )
            .choices(['break_even', 'last'])
            .default('break_even'),
        )
        .option('--json', 'print the full recommendation as JSON'),
      true,
    ),
    'the events estimate',
  )
    .addHelpText(
      'after',
      examples([
        'querymode recommend --rows 12000000 --column id:bigint:primary-key:auto-increment --column updated_at:timestamp:not-null:auto-update --updates yes',
        'querymode recommend --traits orders.traits.json --json',
        'querymode recommend --ndjson < tables.ndjson > results.ndjson',
        'querymode recommend --ndjson --detail < tables.ndjson | querymode report -o plan.html',
      ]),
    )
    .action(wrap(async () => (await import('./commands/recommend.js')).runRecommend as Action));

  spanOptions(
    tableOptions(
      program
        .command('estimate')
        .description(
          'estimate the billed events of each mode over a horizon: the fewest without a miss first',
        )
        .option('--mode <mode>', 'only this mode (repeatable)', collect)
        .option('--json', 'print as JSON'),
    ),
    'the estimate',
  )
    .addHelpText(
      'after',
      examples([
        'querymode estimate --rows 2000000 --inserts-per-day 50000 --updates-per-day 10000 --horizon 30d',
        'querymode estimate --traits orders.traits.json --mode full_load --mode timestamp+incrementing --json',
        'querymode estimate --rows 100 --frequency 6h --mode full_load --run inserts=5,updates=4 --run none',
      ]),
    )
    .action(wrap(async () => (await import('./commands/estimate.js')).runEstimate as Action));

  spanOptions(
    tableOptions(
      program
        .command('plan')
        .description('what changing a mode does: changes gained or lost, findings, events, restart')
        .requiredOption('--from <body|mode>', 'the current mode: a mode name, a JSON body, or a body file')
        .requiredOption('--to <body|mode>', 'the new mode: a mode name, a JSON body, or a body file')
        .option('--json', 'print as JSON'),
    ),
    'the events difference',
  )
    .addHelpText(
      'after',
      examples([
        'querymode plan --from full_load --to timestamp+incrementing --traits orders.traits.json',
        `querymode plan --from incrementing --to '{"config":{"mode":"timestamp","timestamp_column_name":"updated_at"}}'`,
      ]),
    )
    .action(wrap(async () => (await import('./commands/plan.js')).runPlan as Action));

  // Traits from live databases (issue 12): @querymode/introspect is loaded only by these two.
  databaseOptions(
    program
      .command('inspect')
      .description(
        "read table traits from a database's catalogs: one NDJSON record per table, for recommend --ndjson",
      )
      .argument('[url]', DATABASE_URL_HELP),
  )
    .option(
      '--observe <duration>',
      'measure change rates: read the change counters twice, this long apart (1s to 1d, e.g. 10m), and record inserts, updates and deletes per day',
    )
    .option('--json', 'one pretty JSON document instead of NDJSON')
    .addHelpText(
      'after',
      examples([
        'querymode inspect postgres://reader@db.example.com/shop --schema public | querymode recommend --ndjson',
        'QUERYMODE_DATABASE_URL=mysql://reader@127.0.0.1/shop querymode inspect --exclude "tmp_*"',
        'querymode inspect --sample-shop --json',
        'querymode inspect postgres://reader@db.example.com/shop --observe 10m > tables.ndjson',
      ]),
    )
    .action(wrap(async () => (await import('./commands/inspect.js')).runInspect as Action));

  program
    .command('demo')
    .description('inspect the embedded sample shop (or --url) and recommend a mode table by table')
    .option('--url <url>', 'a database URL to inspect instead of the embedded sample shop')
    .option('--schema <name>', 'only this schema, repeatable', collect)
    .option('--horizon <duration>', 'horizon of the events estimate', '30d')
    .option('--report <file>', 'also write the querymode report page of the recommendations to this file')
    .addHelpText(
      'after',
      examples([
        'querymode demo',
        'querymode demo --report plan.html',
        'querymode demo --url postgres://reader@127.0.0.1/shop',
      ]),
    )
    .action(
      wrap(async () => {
        const { runDemo } = await import('./commands/demo.js');
        // The page of --report is written by the report chunk, loaded only when it is asked for.
        return ((flags: DemoFlags) =>
          runDemo(flags, async (records, page) =>
            (await loadReport()).writeRecordsPage(records, page),
          )) as Action;
      }),
    );

  // Issue 11: one offline HTML page of recommend --ndjson's records (loaded lazily, see lazy/report.ts).
  program
    .command('report')
    .description('write one offline HTML page of recommend --ndjson results: summary, events, every table')
    .argument(
      '[file]',
      'the records of recommend --ndjson (with --detail for the details), or - for stdin',
      '-',
    )
    .option('-o, --output <file>', 'write the page to this file atomically instead of stdout')
    .option('--title <text>', 'the page title (default: "Query-mode plan: <input file>")')
    .addHelpText(
      'after',
      examples([
        'querymode recommend --ndjson --detail < tables.ndjson > results.ndjson',
        'querymode report results.ndjson -o plan.html',
        'querymode inspect --sample-shop | querymode recommend --ndjson --detail | querymode report -o shop.html',
      ]),
    )
    .action(wrap(async () => (await loadReport()).runReport as Action));

  program
    .command('openapi')
    .description('print or write the OpenAPI document of the query-mode and list endpoints')
    .addOption(new Option('--format <format>', 'output format').choices(['yaml', 'json']).default('yaml'))
    .addOption(new Option('--oas <version>', 'OpenAPI version').choices(['3.1', '3.0']).default('3.1'))
    .option('--server <url>', 'a server URL (repeatable); default: a placeholder regional host', collect)
    .option('-o, --output <file>', 'write to this file atomically instead of stdout')
    .addHelpText(
      'after',
      examples([
        'querymode openapi > openapi.yaml',
        'querymode openapi --format json --oas 3.0 -o openapi.json',
        'querymode openapi --server https://eu.example.invalid',
      ]),
    )
    .action(wrap(async () => (await loadHeavy()).runOpenapi as Action));

  program
    .command('schema')
    .description('print a JSON Schema, for editors and scripts: of an input, or of an output of the CLI')
    .addArgument(new Argument('[kind]', 'what to describe').choices(SCHEMA_KINDS).default('body'))
    .addHelpText(
      'after',
      examples([
        'querymode schema > query-mode.schema.json',
        'querymode schema traits',
        'querymode schema recommendation',
        'querymode schema ndjson-record',
      ]),
    )
    .action(wrap(async () => (await loadHeavy()).runSchema as Action));

  // Issue 10: the mock of the API and `apply` (loaded lazily with the client, see lazy/net.ts).
  program
    .command('mock')
    .description('run a stateful local mock of the API on loopback (prints its base URL and credentials)')
    .option('--port <n>', 'port to listen on (0: a free one)', '4010')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--seed <n>', 'seed of the generated pipelines and of the faults', '1')
    .option('--fixtures <file>', 'pipelines and objects from a JSON fixture instead of generated ones')
    .option('--pipelines <n>', 'generated pipelines (default: 3)')
    .option('--objects <n>', 'generated objects per pipeline (default: 5)')
    .option('--faults <spec>', 'inject faults, e.g. latency=5-20,5xx=0.2,429=0.05,drop=0.05,slow=0.1,seed=7')
    .option('--rate-limit <n>', 'requests a minute per credential (0: off)', '100')
    .addHelpText(
      'after',
      examples([
        'querymode mock',
        'querymode mock --port 0 --pipelines 10 --objects 100 --seed 7 > mock.env',
        'querymode mock --fixtures examples/mock/fixture.json --faults 5xx=0.2,drop=0.05',
      ]) +
        '\nEnvironment: QUERYMODE_MOCK_API_KEY and QUERYMODE_MOCK_API_SECRET set the credential (then never printed).\n',
    )
    .action(wrap(async () => (await loadNet()).runMock as Action));

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
      'requests a minute (0: off; the service allows 100, documented outside the spec)',
      '100',
    )
    .option('--concurrency <n>', 'requests in flight at once', '4')
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
        '\nExit codes: 0 every record applied (dry run: every record valid), 1 otherwise, 2 usage error, 130 stopped by Ctrl-C (143 SIGTERM).\n',
    )
    .action(wrap(async () => (await loadNet()).runApplyCommand as Action));

  // The plan as a contract: verify it against the database after every migration. Its records'
  // schemas and builder come with zod, so it runs from the heavy chunk (see lazy/heavy.ts).
  databaseOptions(
    program
      .command('verify')
      .description(
        'check a plan (recommend --ndjson records or an apply plan) against the database as it is now: holds, broken, unverified, better, new, gone',
      )
      .argument(
        '<plan>',
        'the plan: recommend --ndjson records (with or without --detail), or an apply plan; - for stdin',
      )
      .argument('[url]', DATABASE_URL_HELP),
  )
    .option('--strict', 'also fail (exit 1) when a table is unverified, new or gone')
    .addOption(
      new Option(
        '--format <format>',
        'the human output: text, github (annotations, the worst first) or markdown; GITHUB_STEP_SUMMARY, when set, also gets the markdown',
      )
        .choices(['text', 'github', 'markdown'])
        .default('text'),
    )
    .option('--ndjson', 'one record per table instead of the human output')
    .option('--json', 'one JSON document: the verdict, the counts and every table')
    .option(
      '--must-capture <kinds>',
      'comma-separated change kinds the planned modes must capture: inserts,updates,deletes (default: all)',
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
      ]) +
        "\nWithout --schema or --table, the schemas of the plan's tables are read when its records name them (those of recommend --ndjson --detail do), else every schema.\n" +
        '\nExit codes: 0 nothing broken, 1 something broken (with --strict, also unverified, new or gone), 2 usage error.\n',
    )
    .action(wrap(async () => (await loadHeavy()).runVerify as Action));

  return program;
}

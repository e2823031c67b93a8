/**
 * `querymode inspect`: its arguments, options and help (the command: `commands/inspect.ts`, which
 * alone with `demo` loads @querymode/introspect).
 *
 * @module
 */
import { Option } from '@commander-js/extra-typings';
import { collect, examples, type Registration } from './shared.js';

export const registerInspect: Registration = (program, run) => {
  program
    .command('inspect')
    .description(
      "read table traits from a database's catalogs: one NDJSON record per table, for recommend --ndjson",
    )
    .argument(
      '[url]',
      'postgres://, mysql:// (mariadb://) or sqlserver:// (mssql://); default: QUERYMODE_DATABASE_URL or the driver variables (PGHOST, ...)',
    )
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
      ] as const),
    )
    .option('--connect-timeout <duration>', 'connect timeout (default 10s)')
    .option('--statement-timeout <duration>', 'timeout of each catalog query (default 60s)')
    .option(
      '--observe <duration>',
      'measure change rates: read the change counters twice, this long apart (1s to 1d, e.g. 10m), and record inserts, updates and deletes per day',
    )
    .option('--sample-shop', 'inspect the embedded sample shop (PGlite, in memory) instead of a server')
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
    .action((url, options) =>
      run(async () => (await import('../commands/inspect.js')).runInspect(url, options)),
    );
};

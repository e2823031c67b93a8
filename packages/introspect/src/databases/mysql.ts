/**
 * MySQL and MariaDB: their kind (`kinds/mysql.ts`: URLs, the mysql client's parameters and
 * variables), its TLS words, the `mysql2` driver, and the catalog reader of `catalogs/mysql`.
 *
 * @module
 */

import { mysqlReader } from '../catalogs/mysql/read.js';
import { type CatalogClient, type Row, rowHandler } from '../client.js';
import { nodeTls } from '../connect/tls-files.js';
import { MYSQL_KIND } from '../kinds/mysql.js';
import { APPLICATION, type DatabaseDescription } from './description.js';
import { sslSettings } from './ssl-parameters.js';

/** The mysql client's --ssl-mode words. */
const SSLMODES = {
  disabled: 'disable',
  preferred: 'prefer',
  required: 'require',
  verify_ca: 'verify-ca',
  verify_identity: 'verify-full',
} as const;

/** MySQL and MariaDB. */
export const MYSQL_DATABASE: DatabaseDescription = {
  ...MYSQL_KIND,
  tls: (get) =>
    sslSettings({ mode: 'ssl-mode', ca: 'ssl-ca', cert: 'ssl-cert', key: 'ssl-key' }, SSLMODES, get),
  async open(target, timeouts): Promise<CatalogClient> {
    const mysql = (await import('mysql2/promise')).default;
    const ssl = nodeTls(target.tls);
    const connection = await mysql.createConnection({
      ...(target.socket !== undefined
        ? { socketPath: target.socket }
        : { host: target.host, port: target.port }),
      ...(target.user !== undefined ? { user: target.user } : {}),
      ...(target.password.empty ? {} : { password: target.password.reveal() }),
      ...(target.database !== undefined ? { database: target.database } : {}),
      ...(ssl ? { ssl: ssl as import('mysql2').SslOptions } : {}),
      connectTimeout: timeouts.connectMs,
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      charset: 'utf8mb4',
      connectAttributes: { program_name: APPLICATION },
    });
    connection.on('error', () => undefined);
    return {
      query: async (sql, params) => {
        const [rows] = await connection.query(
          { sql, timeout: timeouts.statementMs + 5_000 },
          params as unknown[],
        );
        return Array.isArray(rows) ? (rows as Row[]) : [];
      },
      // A query without a callback emits its rows and keeps none (mysql2's `onResult`).
      each: (sql, params, onRow) =>
        new Promise<void>((resolve, reject) => {
          const rows = rowHandler(onRow);
          // The callback connection under the promise one (not in mysql2's types).
          const core = (connection as unknown as { connection: import('mysql2').Connection }).connection;
          const query = core.query({ sql, timeout: timeouts.statementMs + 5_000 }, params as unknown[]);
          query.on('result', rows.row);
          query.on('error', reject);
          query.on('end', () => (rows.failed() === undefined ? resolve() : reject(rows.failed())));
        }),
      close: () => connection.end().catch(() => undefined),
    };
  },
  reader: mysqlReader,
};

/**
 * SQL Server: its kind (`kinds/sqlserver.ts`: URLs, the JDBC driver's parameters, sqlcmd's
 * variables), the TLS those parameters give, the `mssql` driver (an optional peer), and the
 * catalog reader of `catalogs/sqlserver`.
 *
 * @module
 */
import { invalidOptionIssue } from '@querymode/core';
import { sqlServerReader } from '../catalogs/sqlserver/read.js';
import type { CatalogClient, Row } from '../client.js';
import { importDriver } from '../connect/optional-import.js';
import type { TlsOptions } from '../connect/tls-options.js';
import { SQLSERVER_KIND } from '../kinds/sqlserver.js';
import { optionFailure } from '../result.js';
import { APPLICATION, type DatabaseDescription } from './description.js';

/** The values of the JDBC driver's `encrypt` parameter. */
const ENCRYPT = ['true', 'false', 'strict'];

/** The values of its boolean parameters (`trustServerCertificate`). */
const BOOLEAN = ['true', 'false'];

/** SQL Server. */
export const SQLSERVER_DATABASE: DatabaseDescription = {
  ...SQLSERVER_KIND,
  tls(get) {
    const encrypt = (get('encrypt') ?? 'true').toLowerCase();
    const trust = (get('trustServerCertificate') ?? 'false').toLowerCase();
    if (!ENCRYPT.includes(encrypt)) return optionFailure(invalidOptionIssue(['encrypt'], encrypt, ENCRYPT));
    if (!BOOLEAN.includes(trust))
      return optionFailure(invalidOptionIssue(['trustServerCertificate'], trust, BOOLEAN));
    const mode: TlsOptions['mode'] =
      encrypt === 'false' ? 'prefer' : trust === 'true' ? 'require' : 'verify-full';
    const instance = get('instanceName');
    return { ok: true, value: { tls: { mode }, ...(instance ? { instance } : {}) } };
  },
  async open(target, timeouts): Promise<CatalogClient> {
    // tedious 20 needs Node 22; tedious 19 runs on Node 20 and 24, so the hint pins it.
    const load = () => import('mssql');
    const mssql = (await importDriver('mssql', 'reading a SQL Server catalog', load, 'mssql tedious@19'))
      .default;
    const pool = new mssql.ConnectionPool({
      server: target.host,
      port: target.port,
      ...(target.user !== undefined ? { user: target.user } : {}),
      ...(target.password.empty ? {} : { password: target.password.reveal() }),
      ...(target.database !== undefined ? { database: target.database } : {}),
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.statementMs,
      pool: { min: 0, max: 1 },
      options: {
        encrypt: target.tls.mode !== 'prefer' && target.tls.mode !== 'disable',
        trustServerCertificate: target.tls.mode === 'require',
        readOnlyIntent: true,
        appName: APPLICATION,
        ...(target.instance !== undefined ? { instanceName: target.instance } : {}),
      },
    });
    pool.on('error', () => undefined);
    await pool.connect();
    return {
      query: async (sql, params = []) => {
        const request = pool.request();
        params.forEach((p, i) => {
          request.input(`p${i}`, p);
        });
        const result = await request.query(sql);
        return (result.recordset ?? []) as Row[];
      },
      close: () => pool.close().catch(() => undefined),
    };
  },
  reader: sqlServerReader,
};

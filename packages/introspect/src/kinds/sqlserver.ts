/**
 * SQL Server as the command line names it: `sqlserver://` or `mssql://` URLs with the JDBC
 * driver's parameters (encrypt, trustServerCertificate, instanceName) and sqlcmd's variables
 * (SQLCMDSERVER is `host[,port]`).
 *
 * @module
 */
import type { KindDescription } from './description.js';

/** SQL Server. */
export const SQLSERVER_KIND = {
  kind: 'sqlserver',
  label: 'SQL Server',
  schemes: ['sqlserver:', 'mssql:'],
  defaultPort: 1433,
  urlParameters: ['encrypt', 'trustServerCertificate', 'instanceName'],
  environment: {
    host: 'SQLCMDSERVER',
    user: 'SQLCMDUSER',
    password: 'SQLCMDPASSWORD',
    database: 'SQLCMDDBNAME',
    hostCarriesPort: true,
  },
} as const satisfies KindDescription;

/**
 * MySQL and MariaDB as the command line names them: `mysql://` or `mariadb://` URLs with the
 * mysql client's parameters and variables (MYSQL_HOST, MYSQL_PWD, ...).
 *
 * @module
 */
import type { KindDescription } from './description.js';

/** MySQL and MariaDB. */
export const MYSQL_KIND = {
  kind: 'mysql',
  label: 'MySQL/MariaDB',
  schemes: ['mysql:', 'mariadb:'],
  defaultPort: 3306,
  urlParameters: ['ssl-mode', 'ssl-ca', 'ssl-cert', 'ssl-key', 'socket'],
  // The mysql client's --socket: the socket file; MYSQL_UNIX_PORT, the socket of localhost
  // connections (https://mariadb.com/kb/en/mariadb-environment-variables/).
  socket: {
    parameter: 'socket',
    hostIsPath: false,
    example: 'mysql://user@/db?socket=/path',
    variable: 'MYSQL_UNIX_PORT',
  },
  environment: {
    host: 'MYSQL_HOST',
    port: 'MYSQL_TCP_PORT',
    user: 'MYSQL_USER',
    password: 'MYSQL_PWD',
    database: 'MYSQL_DATABASE',
  },
} as const satisfies KindDescription;

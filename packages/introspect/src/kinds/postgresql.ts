/**
 * PostgreSQL as the command line names it: `postgres://` URLs with libpq's parameters and
 * variables (PGHOST, PGSSLMODE, ...).
 *
 * @module
 */
import type { KindDescription } from './description.js';

/** PostgreSQL. */
export const POSTGRESQL_KIND = {
  kind: 'postgresql',
  label: 'PostgreSQL',
  schemes: ['postgres:', 'postgresql:'],
  defaultPort: 5432,
  urlParameters: ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'host'],
  // libpq: `?host=/run/postgresql`, or a host that starts with `/`, is the socket's directory.
  socket: { parameter: 'host', hostIsPath: true, example: 'postgres://user@/db?host=/run/postgresql' },
  environment: {
    host: 'PGHOST',
    port: 'PGPORT',
    user: 'PGUSER',
    password: 'PGPASSWORD',
    database: 'PGDATABASE',
    tls: { sslmode: 'PGSSLMODE', sslrootcert: 'PGSSLROOTCERT', sslcert: 'PGSSLCERT', sslkey: 'PGSSLKEY' },
  },
} as const satisfies KindDescription;

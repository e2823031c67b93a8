/**
 * The kinds of database the inspector reads, one description each. Adding a database: its
 * description (`description.ts` says what it holds), its catalog queries and reader under
 * `dialects/`, a line here, a fixture and a test.
 *
 * @module
 */
import type { DatabaseDescription, DatabaseKind, EnvironmentNames } from './description.js';
import { MYSQL } from './mysql.js';
import { POSTGRESQL } from './postgresql.js';
import { SQLSERVER } from './sqlserver.js';

export type { ConnectionTarget, DatabaseDescription, DatabaseKind } from './description.js';

/** Every kind, by name. */
export const DATABASES: { readonly [K in DatabaseKind]: DatabaseDescription & { readonly kind: K } } = {
  postgresql: POSTGRESQL as DatabaseDescription & { kind: 'postgresql' },
  mysql: MYSQL as DatabaseDescription & { kind: 'mysql' },
  sqlserver: SQLSERVER as DatabaseDescription & { kind: 'sqlserver' },
};

/** The kinds of database the inspector reads (MariaDB is read as `mysql`). */
export const DATABASE_KINDS = Object.keys(DATABASES) as readonly DatabaseKind[];

const each = <T>(pick: (d: DatabaseDescription) => T): Readonly<Record<DatabaseKind, T>> =>
  Object.fromEntries(DATABASE_KINDS.map((k) => [k, pick(DATABASES[k])])) as Record<DatabaseKind, T>;

/** URL schemes and the kind of database each names. */
export const URL_SCHEMES: Readonly<Record<string, DatabaseKind>> = Object.fromEntries(
  DATABASE_KINDS.flatMap((k) => DATABASES[k].schemes.map((s) => [s, k])),
);

/** The URL parameters each kind accepts, named as that database's own clients name them. */
export const URL_PARAMETERS: Readonly<Record<DatabaseKind, readonly string[]>> = each((d) => d.urlParameters);

/** The environment variable of each connection setting, per kind (as each database's own clients name them). */
export const ENVIRONMENT_NAMES: Readonly<Record<DatabaseKind, EnvironmentNames>> = each((d) => d.environment);

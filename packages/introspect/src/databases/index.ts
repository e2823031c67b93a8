/**
 * The kinds of database the inspector reads, one description each. Adding a database: its
 * description (`description.ts` says what it holds), its catalog queries and reader under
 * `dialects/`, a line here, a fixture and a test.
 *
 * @module
 */
import type { DatabaseDescription, EnvironmentNames, InspectableKind } from './description.js';
import { MYSQL } from './mysql.js';
import { POSTGRESQL } from './postgresql.js';
import { SQLSERVER } from './sqlserver.js';

export type { ConnectionTarget, DatabaseDescription, InspectableKind } from './description.js';

/** Every kind, by name. */
export const DATABASES: { readonly [K in InspectableKind]: DatabaseDescription & { readonly kind: K } } = {
  postgresql: POSTGRESQL as DatabaseDescription & { kind: 'postgresql' },
  mysql: MYSQL as DatabaseDescription & { kind: 'mysql' },
  sqlserver: SQLSERVER as DatabaseDescription & { kind: 'sqlserver' },
};

/** The kinds of database the inspector reads (MariaDB is read as `mysql`). */
export const INSPECTABLE_KINDS = Object.keys(DATABASES) as readonly InspectableKind[];

const each = <T>(pick: (d: DatabaseDescription) => T): Readonly<Record<InspectableKind, T>> =>
  Object.fromEntries(INSPECTABLE_KINDS.map((k) => [k, pick(DATABASES[k])])) as Record<InspectableKind, T>;

/** URL schemes and the kind of database each names. */
export const URL_SCHEMES: Readonly<Record<string, InspectableKind>> = Object.fromEntries(
  INSPECTABLE_KINDS.flatMap((k) => DATABASES[k].schemes.map((s) => [s, k])),
);

/** The URL parameters each kind accepts, named as that database's own clients name them. */
export const URL_PARAMETERS: Readonly<Record<InspectableKind, readonly string[]>> = each(
  (d) => d.urlParameters,
);

/** The environment variable of each connection setting, per kind (as each database's own clients name them). */
export const ENVIRONMENT_NAMES: Readonly<Record<InspectableKind, EnvironmentNames>> = each(
  (d) => d.environment,
);

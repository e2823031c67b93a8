/**
 * The kinds of database the inspector reads, one description each. Adding a database: its kind
 * (`kinds/`), its description (`description.ts` says what it holds), its catalog queries and
 * reader under `catalogs/`, a line here, a fixture and a test.
 *
 * @module
 */

import { INSPECTABLE_KINDS } from '../kinds/index.js';
import type { DatabaseDescription, EnvironmentNames, InspectableKind } from './description.js';
import { MYSQL_DATABASE } from './mysql.js';
import { POSTGRESQL_DATABASE } from './postgresql.js';
import { SQLSERVER_DATABASE } from './sqlserver.js';

export { INSPECTABLE_KINDS, URL_SCHEMES } from '../kinds/index.js';
export type { ConnectionTarget, DatabaseDescription, InspectableKind } from './description.js';

/** Every kind, by name. */
export const DATABASES: { readonly [K in InspectableKind]: DatabaseDescription & { readonly kind: K } } = {
  postgresql: POSTGRESQL_DATABASE as DatabaseDescription & { kind: 'postgresql' },
  mysql: MYSQL_DATABASE as DatabaseDescription & { kind: 'mysql' },
  sqlserver: SQLSERVER_DATABASE as DatabaseDescription & { kind: 'sqlserver' },
};

const each = <T>(pick: (d: DatabaseDescription) => T): Readonly<Record<InspectableKind, T>> =>
  Object.fromEntries(INSPECTABLE_KINDS.map((k) => [k, pick(DATABASES[k])])) as Record<InspectableKind, T>;

/** The URL parameters each kind accepts, named as that database's own clients name them. */
export const URL_PARAMETERS: Readonly<Record<InspectableKind, readonly string[]>> = each(
  (d) => d.urlParameters,
);

/** The environment variable of each connection setting, per kind (as each database's own clients name them). */
export const ENVIRONMENT_NAMES: Readonly<Record<InspectableKind, EnvironmentNames>> = each(
  (d) => d.environment,
);

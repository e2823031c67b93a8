/**
 * `@querymode/introspect/kinds`: the kinds of source the inspector reads, as plain data (URL
 * schemes, default port, parameters, environment variables, kind flags, help words), without
 * their drivers or readers, so that a program can name them at start at the cost of a few
 * objects. Adding a kind: its file here, a line below, and its database description
 * (`databases/`).
 *
 * @module
 */
import type { InspectableKind, KindDescription } from './description.js';
import { MYSQL_KIND } from './mysql.js';
import { POSTGRESQL_KIND } from './postgresql.js';
import { SQLSERVER_KIND } from './sqlserver.js';

export type { EnvironmentNames, InspectableKind, KindDescription, KindFlag } from './description.js';

/** Every kind, by name. */
export const KINDS: { readonly [K in InspectableKind]: KindDescription & { readonly kind: K } } = {
  postgresql: POSTGRESQL_KIND,
  mysql: MYSQL_KIND,
  sqlserver: SQLSERVER_KIND,
};

/** The kinds of source the inspector reads (MariaDB is read as `mysql`). */
export const INSPECTABLE_KINDS = Object.keys(KINDS) as readonly InspectableKind[];

/** URL schemes and the kind each names. */
export const URL_SCHEMES: Readonly<Record<string, InspectableKind>> = Object.fromEntries(
  INSPECTABLE_KINDS.flatMap((k) => KINDS[k].schemes.map((s) => [s, k])),
);

/**
 * `@querymode/introspect/kinds`: the kinds of source the inspector reads, as plain data (URL
 * schemes, default port, parameters, environment variables, kind flags, help words), without
 * their drivers or readers, so that a program can name them at start at the cost of a few
 * objects. Adding a kind: its file here, a line below, and its database description
 * (`databases/`) or, for another source, its `sourceReader` (Salesforce: `salesforce/source.ts`).
 *
 * @module
 */
import type { SourceKind } from '@querymode/core';
import type { InspectableKind, KindDescription } from './description.js';
import { MYSQL_KIND } from './mysql.js';
import { POSTGRESQL_KIND } from './postgresql.js';
import { SALESFORCE_KIND } from './salesforce.js';
import { SQLSERVER_KIND } from './sqlserver.js';

export type {
  EnvironmentNames,
  InspectableKind,
  IntrospectPackage,
  KindDescription,
  KindFlag,
  KindReader,
} from './description.js';
export type {
  PreparedReading,
  SourceFlagValue,
  SourceReader,
  SourceReading,
  SourceRequest,
} from './source-reader.js';

/** A kind's description under its own name. */
type Named<K> = KindDescription & { readonly kind: K };

/** Every kind, by name: each database the inspector reads, and any other source (a CRM) it names. */
export const KINDS: { readonly [K in InspectableKind]: Named<K> } & {
  readonly [K in Exclude<SourceKind, InspectableKind>]?: Named<K>;
} = {
  postgresql: POSTGRESQL_KIND,
  mysql: MYSQL_KIND,
  sqlserver: SQLSERVER_KIND,
  salesforce: SALESFORCE_KIND,
};

/** The kinds of database the inspector reads through their drivers: those with driver variables (MariaDB is read as `mysql`). */
export const INSPECTABLE_KINDS = Object.values(KINDS).flatMap((k) =>
  k?.environment === undefined ? [] : [k.kind],
) as readonly InspectableKind[];

/** The databases' URL schemes and the kind each names. */
export const URL_SCHEMES: Readonly<Record<string, InspectableKind>> = Object.fromEntries(
  INSPECTABLE_KINDS.flatMap((k) => KINDS[k].schemes.map((s) => [s, k])),
);

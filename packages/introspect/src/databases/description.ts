/**
 * The shape of one kind of database the inspector reads: how a URL or the environment names it
 * (schemes, default port, parameters, environment variables, TLS), how its driver opens a
 * connection, and its catalog reader. One object per kind (`postgresql.ts`, `mysql.ts`,
 * `sqlserver.ts`), listed in `index.ts`: the one home of what differs between kinds.
 *
 * @module
 */
import type { SourceKind } from '@querymode/core';
import type { CatalogClient } from '../client.js';
import type { Secret } from '../connect/secret.js';
import type { Timeouts } from '../connect/timeouts.js';
import type { TlsOptions } from '../connect/tls-options.js';
import type { CatalogReader } from '../read/catalog-read.js';
import type { InspectResult } from '../result.js';

/** The name a connection gives the server (application_name, program_name, appName). */
export const APPLICATION = 'querymode inspect';

/**
 * A kind of source the inspector reads: one of the traits model's source kinds, the same name
 * in both packages (MariaDB is read as `mysql`).
 */
export type InspectableKind = Extract<SourceKind, 'postgresql' | 'mysql' | 'sqlserver'>;

/** Everything needed to connect, with the password hidden. */
export interface ConnectionTarget {
  readonly kind: InspectableKind;
  readonly host: string;
  readonly port: number;
  readonly user: string | undefined;
  readonly password: Secret;
  /** The database (PostgreSQL, SQL Server: the one connected to; MySQL: the default schema). */
  readonly database: string | undefined;
  readonly tls: TlsOptions;
  /** SQL Server only: the named instance. */
  readonly instance?: string;
  /**
   * A Unix-domain socket to connect through instead of `host` and `port`: PostgreSQL's socket
   * directory (libpq's host that starts with `/`), MySQL's socket file (`?socket=`).
   */
  readonly socket?: string;
  /** The target as a URL without its password, for messages. */
  readonly display: string;
}

/** The connection settings read from URL parameters or environment variables: TLS, and a named instance. */
export interface TlsSettings {
  readonly tls: TlsOptions;
  readonly instance?: string;
}

/** The environment variable of each connection setting (as the database's own clients name them). */
export interface EnvironmentNames {
  readonly host: string;
  readonly port?: string;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  /** The variables of TLS settings, by the URL parameter they stand for (libpq's PGSSLMODE, ...). */
  readonly tls?: Readonly<Record<string, string>>;
  /** The host variable may end in `,port` (sqlcmd's SQLCMDSERVER). */
  readonly hostCarriesPort?: true;
}

/** One kind of database. */
export interface DatabaseDescription {
  /** Its kind, which is also the `source` of its records. */
  readonly kind: InspectableKind;
  /** URL schemes that name it, with their colon (`postgres:`); the first is the one displayed. */
  readonly schemes: readonly string[];
  readonly defaultPort: number;
  /** The URL parameters it accepts, named as its own clients name them. */
  readonly urlParameters: readonly string[];
  /**
   * How a Unix-domain socket is named, where the kind has one: the URL parameter whose value is
   * its path (one of `urlParameters`), and whether a host that starts with `/` (in the URL,
   * percent-encoded, or in the host variable) is one, as libpq reads it.
   */
  readonly socket?: { readonly parameter: string; readonly hostIsPath: boolean };
  readonly environment: EnvironmentNames;
  /** Its TLS settings (and named instance) from URL parameters or their variables, by parameter name. */
  tls(get: (parameter: string) => string | undefined): InspectResult<TlsSettings>;
  /** Opens a connection with its driver (imported only when asked for). */
  open(target: ConnectionTarget, timeouts: Timeouts): Promise<CatalogClient>;
  /** Its catalog reader. */
  readonly reader: CatalogReader;
}

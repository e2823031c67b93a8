/**
 * The shape of one kind of database the inspector reads: its plain description (`kinds/`: how a
 * URL or the environment names it), its TLS settings, how its driver opens a connection, and its
 * catalog reader. One object per kind (`postgresql.ts`, `mysql.ts`, `sqlserver.ts`), listed in
 * `index.ts`: with `kinds/`, the one home of what differs between kinds.
 *
 * @module
 */
import type { CatalogClient } from '../client.js';
import type { Secret } from '../connect/secret.js';
import type { Timeouts } from '../connect/timeouts.js';
import type { TlsOptions } from '../connect/tls-options.js';
import type { EnvironmentNames, InspectableKind, KindDescription } from '../kinds/description.js';
import type { CatalogReader } from '../read/catalog-read.js';
import type { InspectResult } from '../result.js';

/** The name a connection gives the server (application_name, program_name, appName). */
export const APPLICATION = 'querymode inspect';

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

/** One kind of database: its plain description, with the port and variables every database has, how its driver connects, and its catalog reader. */
export interface DatabaseDescription extends KindDescription {
  readonly defaultPort: number;
  readonly environment: EnvironmentNames;
  /** Its TLS settings (and named instance) from URL parameters or their variables, by parameter name. */
  tls(get: (parameter: string) => string | undefined): InspectResult<TlsSettings>;
  /** Opens a connection with its driver (imported only when asked for). */
  open(target: ConnectionTarget, timeouts: Timeouts): Promise<CatalogClient>;
  /** Its catalog reader. */
  readonly reader: CatalogReader;
}

export type { EnvironmentNames, InspectableKind } from '../kinds/description.js';

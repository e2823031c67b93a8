/**
 * What a kind of source is to a user, as plain data: how a URL or the environment names it, the
 * flags only it reads, and the words of its help. No driver and no reader: the CLI reads these at
 * start (`@querymode/introspect/kinds`) for its URL help, `--source` and kind flags, so adding a
 * kind touches no CLI file. A database's description (`databases/description.ts`) adds how its
 * driver connects and its catalog reader.
 *
 * @module
 */
import type { SourceKind } from '@querymode/core';
import type { SourceReader } from './source-reader.js';

/**
 * A kind of database the inspector reads through its driver: one of the traits model's source
 * kinds, the same name in both packages (MariaDB is read as `mysql`).
 */
export type InspectableKind = Extract<SourceKind, 'postgresql' | 'mysql' | 'sqlserver'>;

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

/** A flag only one kind reads (a CRM's token file, ...): the other kinds refuse it. */
export interface KindFlag {
  /** The long flag without its dashes, such as `token-file` for `--token-file`. */
  readonly name: string;
  /** The placeholder of its value in the help, such as `<file>`. */
  readonly value: string;
  /** The help line; the CLI adds which URL it goes with. */
  readonly help: string;
  /**
   * What the command line hands the reader (`SourceFlagValue`): the text (default), the text of
   * the file it names (`file`; `-` is stdin), or milliseconds (`duration`; a bare number is seconds).
   */
  readonly takes?: 'text' | 'file' | 'duration';
  /**
   * The commands that read it (`inspect`), where not every command that reads the kind does: the
   * others refuse it rather than take it and do nothing with it. Default: every such command.
   */
  readonly readBy?: readonly string[];
}

/**
 * The package's exports, which a reader's `load` picks from once the package is loaded (only when
 * a URL of its kind is given). Named loosely, not as the package's type: the package lists these
 * descriptions, and a description naming the package's type would import it back.
 */
export type IntrospectPackage = Readonly<Record<string, unknown>>;

/** How a source that is no database is read: its reader, and the selection flags it takes. */
export interface KindReader {
  /** Its reader, picked from the package once loaded: the descriptions stay plain data at start. */
  readonly load: (introspect: IntrospectPackage) => SourceReader;
  /** The selection flags it reads (`table`, `exclude`); a database's other flags are refused. */
  readonly selects: readonly string[];
}

/** One kind of source, as the command line names it. */
export interface KindDescription {
  /** Its kind, which is also the `source` of its records: a database, or another source (a CRM). */
  readonly kind: SourceKind;
  /** Its name in help and messages, such as `PostgreSQL`. */
  readonly label: string;
  /** URL schemes that name it, with their colon (`postgres:`); the first is the one displayed. */
  readonly schemes: readonly string[];
  /**
   * Its URL as the help shows it, where it is not a database's (`salesforce://<My Domain host>`),
   * and what reading it does (`to read a Salesforce org through its REST API`).
   */
  readonly url?: { readonly form: string; readonly reads: string };
  /** The port a URL without one connects to, for a server. */
  readonly defaultPort?: number;
  /** The URL parameters it accepts, named as its own clients name them. */
  readonly urlParameters: readonly string[];
  /**
   * How a Unix-domain socket is named, where the kind has one: the URL parameter whose value is
   * its path (one of `urlParameters`), whether a host that starts with `/` (in the URL,
   * percent-encoded, or in the host variable) is one, as libpq reads it, a URL for the help, and
   * the variable its clients read the socket from where nothing names a host (`MYSQL_UNIX_PORT`).
   */
  readonly socket?: {
    readonly parameter: string;
    readonly hostIsPath: boolean;
    readonly example: string;
    readonly variable?: string;
  };
  /** Its driver's environment variables, read when no URL is given (`--source` picks the kind). */
  readonly environment?: EnvironmentNames;
  /** Flags only this kind reads. */
  readonly flags?: readonly KindFlag[];
  /** A source that is no database (a CRM): its reader. A database's is its description's (`databases/`). */
  readonly sourceReader?: KindReader;
}

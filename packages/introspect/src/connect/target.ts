/**
 * Where to connect: a database URL (`postgres://`, `mysql://` / `mariadb://`, `sqlserver://` /
 * `mssql://`), `QUERYMODE_DATABASE_URL`, or each driver's usual environment variables, parsed
 * into a {@link ConnectionTarget} whose password is a {@link Secret}.
 *
 * @module
 */
import { closest, shownName } from '@querymode/core';
import { failure, type InspectResult } from '../result.js';
import { Secret } from './secret.js';

/** The kinds of database the inspector reads (MariaDB is read as `mysql`). */
export const DATABASE_KINDS = ['postgresql', 'mysql', 'sqlserver'] as const;

/** A kind of database the inspector reads. */
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** URL schemes and the kind of database each names. */
export const URL_SCHEMES: Readonly<Record<string, DatabaseKind>> = {
  'postgres:': 'postgresql',
  'postgresql:': 'postgresql',
  'mysql:': 'mysql',
  'mariadb:': 'mysql',
  'sqlserver:': 'sqlserver',
  'mssql:': 'sqlserver',
};

/** The TLS settings, passed through to the driver. */
export interface TlsOptions {
  /**
   * `disable` (plain TCP), `prefer` (the driver's default), `require` (encrypted, certificate not
   * checked), `verify-ca` (certificate checked against the CA) or `verify-full` (and the host name).
   */
  readonly mode: 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
  /** A CA certificate file (PEM). */
  readonly ca?: string;
  /** A client certificate file (PEM). */
  readonly cert?: string;
  /** A client key file (PEM). */
  readonly key?: string;
}

/** Everything needed to connect, with the password hidden. */
export interface ConnectionTarget {
  readonly kind: DatabaseKind;
  readonly host: string;
  readonly port: number;
  readonly user: string | undefined;
  readonly password: Secret;
  /** The database (PostgreSQL, SQL Server: the one connected to; MySQL: the default schema). */
  readonly database: string | undefined;
  readonly tls: TlsOptions;
  /** SQL Server only: the named instance. */
  readonly instance?: string;
  /** The target as a URL without its password, for messages. */
  readonly display: string;
}

const DEFAULT_PORTS: Record<DatabaseKind, number> = { postgresql: 5432, mysql: 3306, sqlserver: 1433 };

/** The URL parameters each kind accepts, named as that database's own clients name them. */
export const URL_PARAMETERS: Readonly<Record<DatabaseKind, readonly string[]>> = {
  postgresql: ['sslmode', 'sslrootcert', 'sslcert', 'sslkey'],
  mysql: ['ssl-mode', 'ssl-ca', 'ssl-cert', 'ssl-key'],
  sqlserver: ['encrypt', 'trustServerCertificate', 'instanceName'],
};

/** The environment variable of each connection setting, per kind (as each database's own clients name them). */
export const ENVIRONMENT_NAMES: Readonly<
  Record<DatabaseKind, { host: string; port?: string; user: string; password: string; database: string }>
> = {
  postgresql: {
    host: 'PGHOST',
    port: 'PGPORT',
    user: 'PGUSER',
    password: 'PGPASSWORD',
    database: 'PGDATABASE',
  },
  mysql: {
    host: 'MYSQL_HOST',
    port: 'MYSQL_TCP_PORT',
    user: 'MYSQL_USER',
    password: 'MYSQL_PWD',
    database: 'MYSQL_DATABASE',
  },
  // sqlcmd's SQLCMDSERVER is host[,port].
  sqlserver: {
    host: 'SQLCMDSERVER',
    user: 'SQLCMDUSER',
    password: 'SQLCMDPASSWORD',
    database: 'SQLCMDDBNAME',
  },
};

/** PostgreSQL's TLS variables (libpq's names), by URL parameter. */
const PG_TLS_ENV: Readonly<Record<string, string>> = {
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
};

const PG_SSLMODES: Record<string, TlsOptions['mode']> = {
  disable: 'disable',
  allow: 'prefer',
  prefer: 'prefer',
  require: 'require',
  'verify-ca': 'verify-ca',
  'verify-full': 'verify-full',
};

const MYSQL_SSLMODES: Record<string, TlsOptions['mode']> = {
  disabled: 'disable',
  preferred: 'prefer',
  required: 'require',
  verify_ca: 'verify-ca',
  verify_identity: 'verify-full',
};

function tlsFrom(
  kind: DatabaseKind,
  get: (name: string) => string | undefined,
): InspectResult<{ tls: TlsOptions; instance?: string }> {
  if (kind === 'sqlserver') {
    const encrypt = (get('encrypt') ?? 'true').toLowerCase();
    const trust = (get('trustServerCertificate') ?? 'false').toLowerCase();
    if (!['true', 'false', 'strict'].includes(encrypt))
      return failure('invalid_option', `encrypt must be true, false or strict, not ${shownName(encrypt)}`, [
        'encrypt',
      ]);
    if (!['true', 'false'].includes(trust))
      return failure(
        'invalid_option',
        `trustServerCertificate must be true or false, not ${shownName(trust)}`,
        ['trustServerCertificate'],
      );
    const mode: TlsOptions['mode'] =
      encrypt === 'false' ? 'prefer' : trust === 'true' ? 'require' : 'verify-full';
    const instance = get('instanceName');
    return { ok: true, value: { tls: { mode }, ...(instance ? { instance } : {}) } };
  }
  const pg = kind === 'postgresql';
  const raw = get(pg ? 'sslmode' : 'ssl-mode');
  const modes = pg ? PG_SSLMODES : MYSQL_SSLMODES;
  const mode = raw === undefined ? 'prefer' : modes[raw.toLowerCase()];
  if (mode === undefined) {
    return failure(
      'invalid_option',
      `${pg ? 'sslmode' : 'ssl-mode'} must be one of ${Object.keys(modes).join(', ')}, not ${shownName(raw ?? '')}`,
      [pg ? 'sslmode' : 'ssl-mode'],
    );
  }
  const ca = get(pg ? 'sslrootcert' : 'ssl-ca');
  const cert = get(pg ? 'sslcert' : 'ssl-cert');
  const key = get(pg ? 'sslkey' : 'ssl-key');
  return {
    ok: true,
    value: { tls: { mode, ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) } },
  };
}

function displayOf(kind: DatabaseKind, host: string, port: number, user?: string, database?: string): string {
  const scheme = kind === 'postgresql' ? 'postgres' : kind;
  const at = user ? `${encodeURIComponent(user)}@` : '';
  const h = host.includes(':') ? `[${host}]` : host;
  return `${scheme}://${at}${h}:${port}/${database ? encodeURIComponent(database) : ''}`;
}

/** A target, with its password hidden and its display form. */
function targetOf(
  kind: DatabaseKind,
  host: string,
  port: number,
  user: string | undefined,
  password: string,
  database: string | undefined,
  tls: { tls: TlsOptions; instance?: string },
): InspectResult<ConnectionTarget> {
  return {
    ok: true,
    value: {
      kind,
      host,
      port,
      user,
      password: new Secret(password),
      database,
      ...tls,
      display: displayOf(kind, host, port, user, database),
    },
  };
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * Parses a database URL. The message of a failure never repeats the URL (it may hold a password).
 */
export function parseDatabaseUrl(url: string): InspectResult<ConnectionTarget> {
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(url)?.[1]?.toLowerCase();
  const kind = scheme === undefined ? undefined : URL_SCHEMES[scheme];
  if (kind === undefined) {
    return failure(
      'unsupported_database',
      `${scheme ? `the URL scheme \`${scheme}\` names no supported database` : 'the database URL has no scheme'}; use postgres://, mysql:// (or mariadb://) or sqlserver:// (or mssql://)`,
    );
  }
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return failure(
      'invalid_url',
      'the database URL is not a valid URL (check its syntax; a password with reserved characters such as @ / : # must be percent-encoded)',
    );
  }
  if (u.hash !== '')
    return failure(
      'invalid_url',
      'the database URL has a # part; a # in the password must be percent-encoded as %23',
    );
  if (u.hostname === '')
    return failure('invalid_url', 'the database URL has no host (expected scheme://user@host:port/database)');
  const known = URL_PARAMETERS[kind];
  for (const name of u.searchParams.keys()) {
    if (!known.includes(name)) {
      const guess = closest(name, known);
      return failure(
        'invalid_option',
        `unknown URL parameter ${shownName(name)} for ${kind}${guess === undefined ? '' : `; did you mean \`${guess}\`?`} (accepted: ${known.join(', ')})`,
        [name],
      );
    }
  }
  const tls = tlsFrom(kind, (name) => u.searchParams.get(name) ?? undefined);
  if (!tls.ok) return tls;
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = u.port === '' ? DEFAULT_PORTS[kind] : Number(u.port);
  const user = u.username === '' ? undefined : decode(u.username);
  const path = decode(u.pathname.replace(/^\//, ''));
  const database = path === '' ? undefined : path;
  return targetOf(kind, host, port, user, decode(u.password), database, tls.value);
}

/** Which kinds have at least one of their environment variables set. */
function kindsInEnvironment(env: Readonly<Record<string, string | undefined>>): DatabaseKind[] {
  return DATABASE_KINDS.filter((k) =>
    Object.values(ENVIRONMENT_NAMES[k]).some((name) => (env[name] ?? '') !== ''),
  );
}

/** A target from a kind's environment variables (see {@link ENVIRONMENT_NAMES}). */
function targetFromEnvironment(
  kind: DatabaseKind,
  env: Readonly<Record<string, string | undefined>>,
): InspectResult<ConnectionTarget> {
  const e = (name: string | undefined) => {
    const v = name === undefined ? undefined : env[name];
    return v === undefined || v === '' ? undefined : v;
  };
  const names = ENVIRONMENT_NAMES[kind];
  let host = e(names.host) ?? 'localhost';
  let port = DEFAULT_PORTS[kind];
  if (kind === 'sqlserver' && host.includes(',')) {
    const [h, p] = host.split(',');
    host = h as string;
    port = Number(p);
  } else if (e(names.port) !== undefined) {
    port = Number(e(names.port));
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return failure('invalid_option', 'the port in the environment is not a port number (1 to 65535)');
  }
  const user = e(names.user);
  const database = e(names.database);
  const tls = tlsFrom(kind, (name) => (kind === 'postgresql' ? e(PG_TLS_ENV[name]) : undefined));
  if (!tls.ok) return tls;
  return targetOf(kind, host, port, user, e(names.password) ?? '', database, tls.value);
}

/**
 * The target of an inspection: the URL when given, else `QUERYMODE_DATABASE_URL` (either one
 * without a password takes the kind's password variable), else the environment variables of
 * `kind` (or of the one kind whose variables are set).
 */
export function resolveTarget(
  url: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  kind?: DatabaseKind,
): InspectResult<ConnectionTarget> {
  const given = url !== undefined && url !== '' ? url : env.QUERYMODE_DATABASE_URL;
  if (given !== undefined && given !== '') {
    // A URL without a password takes it from the kind's password variable (PGPASSWORD, ...),
    // so that the password need not be on the command line.
    const parsed = parseDatabaseUrl(given);
    if (!parsed.ok || !parsed.value.password.empty) return parsed;
    const password = env[ENVIRONMENT_NAMES[parsed.value.kind].password];
    return password ? { ok: true, value: { ...parsed.value, password: new Secret(password) } } : parsed;
  }
  if (kind !== undefined) return targetFromEnvironment(kind, env);
  const kinds = kindsInEnvironment(env);
  if (kinds.length === 1) return targetFromEnvironment(kinds[0] as DatabaseKind, env);
  return failure(
    'no_database',
    kinds.length === 0
      ? 'no database given: pass a URL (postgres://, mysql://, sqlserver://), set QUERYMODE_DATABASE_URL, or set the driver variables (PGHOST..., MYSQL_HOST..., SQLCMDSERVER...)'
      : `the environment has variables of ${kinds.join(' and ')}: pass a URL or choose one with the source option`,
  );
}

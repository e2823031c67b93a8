/**
 * Where to connect: a database URL (each kind's schemes: `postgres://`, `mysql://` / `mariadb://`,
 * `sqlserver://` / `mssql://`), `QUERYMODE_DATABASE_URL`, or each driver's usual environment
 * variables, parsed into a {@link ConnectionTarget} whose password is a {@link Secret}. What
 * differs between kinds is read from their descriptions (`index.ts`).
 *
 * @module
 */
import { closest, shownName } from '@querymode/core';
import { Secret } from '../connect/secret.js';
import { failure, type InspectResult } from '../result.js';
import type { ConnectionTarget, DatabaseKind, TlsSettings } from './description.js';
import { DATABASE_KINDS, DATABASES, ENVIRONMENT_NAMES, URL_PARAMETERS, URL_SCHEMES } from './index.js';

/** `postgres:// (or postgresql://), mysql:// (or mariadb://) or sqlserver:// (or mssql://)`. */
const SCHEME_LIST = (() => {
  const each = DATABASE_KINDS.map((k) => {
    const [first, ...others] = DATABASES[k].schemes.map((s) => `${s}//`);
    return others.length === 0 ? `${first}` : `${first} (or ${others.join(', ')})`;
  });
  return `${each.slice(0, -1).join(', ')} or ${each.at(-1)}`;
})();

function displayOf(kind: DatabaseKind, host: string, port: number, user?: string, database?: string): string {
  const scheme = (DATABASES[kind].schemes[0] ?? `${kind}:`).slice(0, -1);
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
  tls: TlsSettings,
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
      `${scheme ? `the URL scheme \`${scheme}\` names no supported database` : 'the database URL has no scheme'}; use ${SCHEME_LIST}`,
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
  const tls = DATABASES[kind].tls((name) => u.searchParams.get(name) ?? undefined);
  if (!tls.ok) return tls;
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = u.port === '' ? DATABASES[kind].defaultPort : Number(u.port);
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
  const described = DATABASES[kind];
  const names = described.environment;
  let host = e(names.host) ?? 'localhost';
  let port = described.defaultPort;
  if (names.hostCarriesPort === true && host.includes(',')) {
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
  const tls = described.tls((name) => e(names.tls?.[name]));
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
      ? `no database given: pass a URL (${DATABASE_KINDS.map((k) => `${DATABASES[k].schemes[0]}//`).join(', ')}), set QUERYMODE_DATABASE_URL, or set the driver variables (${DATABASE_KINDS.map((k) => `${DATABASES[k].environment.host}...`).join(', ')})`
      : `the environment has variables of ${kinds.join(' and ')}: pass a URL or choose one with the source option`,
  );
}

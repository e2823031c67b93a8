/**
 * Where to connect: a database URL (each kind's schemes: `postgres://`, `mysql://` / `mariadb://`,
 * `sqlserver://` / `mssql://`), `QUERYMODE_DATABASE_URL`, or each driver's usual environment
 * variables, parsed into a {@link ConnectionTarget} whose password is a {@link Secret}. What
 * differs between kinds is read from their descriptions (`index.ts`).
 *
 * @module
 */
import { describeValue, makeIssue, unknownKeyIssue } from '@querymode/core';
import { redact, Secret } from '../connect/secret.js';
import { failure, type InspectResult, optionFailure } from '../result.js';
import type { ConnectionTarget, DatabaseDescription, InspectableKind, TlsSettings } from './description.js';
import { DATABASES, ENVIRONMENT_NAMES, INSPECTABLE_KINDS, URL_PARAMETERS, URL_SCHEMES } from './index.js';

/** `postgres:// (or postgresql://), mysql:// (or mariadb://) or sqlserver:// (or mssql://)`. */
const SCHEME_LIST = (() => {
  const each = INSPECTABLE_KINDS.map((k) => {
    const [first, ...others] = DATABASES[k].schemes.map((s) => `${s}//`);
    return others.length === 0 ? `${first}` : `${first} (or ${others.join(', ')})`;
  });
  return `${each.slice(0, -1).join(', ')} or ${each.at(-1)}`;
})();

/** What a target is made of, read from a URL or from the environment. */
interface TargetParts {
  readonly kind: InspectableKind;
  readonly host: string;
  readonly port: number;
  readonly user: string | undefined;
  readonly password: string;
  readonly database: string | undefined;
  readonly tls: TlsSettings;
  /** The Unix-domain socket, when one is named (default: the host, where the kind reads a path as one). */
  readonly socket?: string | undefined;
}

/** A target as messages name it: its URL without the password. */
function displayOf({
  kind,
  host,
  port,
  user,
  database,
  socket,
}: Pick<TargetParts, 'kind' | 'host' | 'port' | 'user' | 'database' | 'socket'>): string {
  const scheme = (DATABASES[kind].schemes[0] ?? `${kind}:`).slice(0, -1);
  const at = user ? `${encodeURIComponent(user)}@` : '';
  const db = database ? encodeURIComponent(database) : '';
  const parameter = DATABASES[kind].socket?.parameter;
  if (socket !== undefined && parameter !== undefined)
    return `${scheme}://${at}/${db}?${parameter}=${encodeURI(socket)}`;
  const h = host.includes(':') ? `[${host}]` : host;
  return `${scheme}://${at}${h}:${port}/${db}`;
}

/**
 * The socket a host names, where the kind reads a host that starts with `/` as one (libpq's
 * socket directory, from the URL's host percent-encoded or the host variable).
 */
const socketOfHost = (kind: InspectableKind, host: string): string | undefined =>
  DATABASES[kind].socket?.hostIsPath === true && host.startsWith('/') ? host : undefined;

/** A target, with its password hidden and its display form. */
function targetOf(parts: TargetParts): InspectResult<ConnectionTarget> {
  const { kind, host, port, user, password, database, tls } = parts;
  const socket = parts.socket ?? socketOfHost(kind, host);
  const h = socket === undefined ? host : 'localhost';
  return {
    ok: true,
    value: {
      kind,
      host: h,
      port,
      user,
      password: new Secret(password),
      database,
      ...tls,
      ...(socket !== undefined ? { socket } : {}),
      display: displayOf({ kind, host: h, port, user, database, socket }),
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
 * A parameter's name or value with the password (as written and percent-encoded) replaced by
 * `***`, for an issue to quote: an issue escapes and shortens what it quotes, so the password is
 * taken out before, never looked for in the message after.
 */
const withoutPassword = (text: string, password: string | undefined): string => redact(text, [password]);

/**
 * The TLS settings of `tls`, read with `get`; when they fail, the failure of the same reading
 * with the password taken out of every value (a valid value never holds `***`, so it fails the
 * same way).
 */
function tlsSettings(
  tls: DatabaseDescription['tls'],
  get: (parameter: string) => string | undefined,
  password: string | undefined,
): InspectResult<TlsSettings> {
  const read = tls(get);
  if (read.ok) return read;
  const shown = tls((name) => {
    const value = get(name);
    return value === undefined ? undefined : withoutPassword(value, password);
  });
  return shown.ok ? failure('invalid_option', 'a TLS parameter has a value that is not accepted') : shown;
}

/** The value of the variable `name` (when named and not empty). */
const envValue = (env: Readonly<Record<string, string | undefined>>, name: string | undefined) => {
  const v = name === undefined ? undefined : env[name];
  return v === undefined || v === '' ? undefined : v;
};

/**
 * Parses a database URL. Where it names no host and no socket, the socket is the one of the
 * kind's socket variable in `env` (MYSQL_UNIX_PORT), as its client reads it. The message of a
 * failure never repeats the URL (it may hold a password).
 */
export function parseDatabaseUrl(
  url: string,
  env: Readonly<Record<string, string | undefined>> = {},
): InspectResult<ConnectionTarget> {
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(url)?.[1]?.toLowerCase();
  const kind = scheme === undefined ? undefined : URL_SCHEMES[scheme];
  if (kind === undefined) {
    return failure(
      'unsupported_database',
      `${scheme ? `the URL scheme \`${scheme}\` names no supported database` : 'the database URL has no scheme'}; use ${SCHEME_LIST}`,
    );
  }
  // `postgres://user@/db?host=/run/postgresql`: credentials with no host, which the URL standard
  // refuses; the host is the socket parameter's, so a stand-in is parsed and dropped.
  const noHost = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@(?=[/?#]|$)/i.exec(url);
  let u: URL;
  try {
    u = new URL(noHost === null ? url : `${noHost[0]}localhost${url.slice(noHost[0].length)}`);
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
  const described = DATABASES[kind];
  const socketParameter = described.socket?.parameter;
  const given = socketParameter === undefined ? undefined : u.searchParams.get(socketParameter) || undefined;
  // libpq's `host` parameter may also name a host; MySQL's `socket` is always a path.
  const named =
    given !== undefined && (described.socket?.hostIsPath !== true || given.startsWith('/'))
      ? given
      : undefined;
  let host = noHost === null ? decode(u.hostname.replace(/^\[(.*)\]$/, '$1')) : '';
  if (given !== undefined && named === undefined) host = given;
  const socket = named ?? (host === '' ? envValue(env, described.socket?.variable) : undefined);
  if (host === '' && socket === undefined)
    return failure(
      'invalid_url',
      `the database URL has no host (expected scheme://user@host:port/database${socketParameter === undefined ? '' : `, or a Unix-domain socket: scheme://user@/database?${socketParameter}=/path`}${described.socket?.variable === undefined ? '' : ` or ${described.socket.variable}=/path`})`,
    );
  const password = decode(u.password);
  const known = URL_PARAMETERS[kind];
  for (const name of u.searchParams.keys()) {
    if (!known.includes(name)) {
      // Core's words, with the URL's kind; the parameter's value is not quoted.
      const issue = unknownKeyIssue([], withoutPassword(name, password), known);
      return failure('invalid_option', `the ${kind} URL's parameter ${issue.message}`, issue.path);
    }
  }
  const tls = tlsSettings(described.tls, (name) => u.searchParams.get(name) ?? undefined, password);
  if (!tls.ok) return tls;
  const port = u.port === '' ? described.defaultPort : Number(u.port);
  const user = u.username === '' ? undefined : decode(u.username);
  const path = decode(u.pathname.replace(/^\//, ''));
  const database = path === '' ? undefined : path;
  return targetOf({ kind, host, port, user, password, database, tls: tls.value, socket });
}

/** Which kinds have at least one of their environment variables set. */
function kindsInEnvironment(env: Readonly<Record<string, string | undefined>>): InspectableKind[] {
  return INSPECTABLE_KINDS.filter((k) =>
    Object.values(ENVIRONMENT_NAMES[k]).some((name) => (env[name] ?? '') !== ''),
  );
}

/** A target from a kind's environment variables (see {@link ENVIRONMENT_NAMES}). */
function targetFromEnvironment(
  kind: InspectableKind,
  env: Readonly<Record<string, string | undefined>>,
): InspectResult<ConnectionTarget> {
  const e = (name: string | undefined) => envValue(env, name);
  const described = DATABASES[kind];
  const names = described.environment;
  const named = e(names.host);
  let host = named ?? 'localhost';
  let port = described.defaultPort;
  /** The variable the port was read from, and its text there. */
  let given: { variable: string; text: string } | undefined;
  if (names.hostCarriesPort === true && host.includes(',')) {
    const [h, p] = host.split(',');
    host = h as string;
    given = { variable: names.host, text: p ?? '' };
  } else if (names.port !== undefined && e(names.port) !== undefined) {
    given = { variable: names.port, text: e(names.port) ?? '' };
  }
  if (given !== undefined) port = /^[0-9]{1,5}$/.test(given.text) ? Number(given.text) : Number.NaN;
  if (given !== undefined && !(port >= 1 && port <= 65535)) {
    const issue = makeIssue({
      code: 'invalid_number',
      path: [given.variable],
      expected: `a port number from 1 to 65535${given.variable === names.host ? ' after its comma' : ''}`,
      min: 1,
      max: 65535,
      received: describeValue(withoutPassword(given.text, e(names.password))),
    });
    // The path stays the environment's own (`[]`), as before; the message names the variable.
    return optionFailure({ ...issue, path: [] });
  }
  const user = e(names.user);
  const database = e(names.database);
  const tls = tlsSettings(described.tls, (name) => e(names.tls?.[name]), e(names.password));
  if (!tls.ok) return tls;
  // No host named: the socket of the kind's socket variable (MYSQL_UNIX_PORT), as its client reads it.
  const socket = named === undefined ? e(described.socket?.variable) : undefined;
  return targetOf({
    kind,
    host,
    port,
    user,
    password: e(names.password) ?? '',
    database,
    tls: tls.value,
    socket,
  });
}

/**
 * The target of an inspection: the URL when given, else `QUERYMODE_DATABASE_URL` (either one
 * without a password takes the kind's password variable), else the environment variables of
 * `kind` (or of the one kind whose variables are set).
 */
export function resolveTarget(
  url: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  kind?: InspectableKind,
): InspectResult<ConnectionTarget> {
  const given = url !== undefined && url !== '' ? url : env.QUERYMODE_DATABASE_URL;
  if (given !== undefined && given !== '') {
    // A URL without a password takes it from the kind's password variable (PGPASSWORD, ...),
    // so that the password need not be on the command line.
    const parsed = parseDatabaseUrl(given, env);
    if (!parsed.ok || !parsed.value.password.empty) return parsed;
    const password = env[ENVIRONMENT_NAMES[parsed.value.kind].password];
    return password ? { ok: true, value: { ...parsed.value, password: new Secret(password) } } : parsed;
  }
  if (kind !== undefined) return targetFromEnvironment(kind, env);
  const kinds = kindsInEnvironment(env);
  if (kinds.length === 1) return targetFromEnvironment(kinds[0] as InspectableKind, env);
  return failure(
    'no_database',
    kinds.length === 0
      ? `no database given: pass a URL (${INSPECTABLE_KINDS.map((k) => `${DATABASES[k].schemes[0]}//`).join(', ')}), set QUERYMODE_DATABASE_URL, or set the driver variables (${INSPECTABLE_KINDS.map((k) => `${DATABASES[k].environment.host}...`).join(', ')})`
      : `the environment has variables of ${kinds.join(' and ')}: pass a URL or choose one with the source option`,
  );
}

/**
 * Database URLs with a misspelt or wrong parameter, and environments with a wrong port: core's
 * words (`invalid_option`, the parameter as the path), a suggestion, what is accepted, and never
 * the password.
 */
import { parseDatabaseUrl, resolveTarget } from '@querymode/introspect';
import { describe, expect, it } from 'vitest';

const PASSWORD = 'pa:ss@w/rd#S3cret$$"\\';
const ENCODED = encodeURIComponent(PASSWORD);

const issueOf = (url: string) => {
  const r = parseDatabaseUrl(url);
  if (r.ok) throw new Error(`${url} parsed`);
  return r.issues[0];
};

describe('an unknown URL parameter', () => {
  it('suggests the accepted parameter it is likely a misspelling of', () => {
    expect(issueOf('postgres://u@h/db?sslmod=require')).toEqual({
      code: 'invalid_option',
      path: ['sslmod'],
      message:
        "the postgresql URL's parameter `sslmod`: unknown key; expected only `sslmode`, `sslrootcert`, `sslcert`, `sslkey`, `host` here; did you mean `sslmode`?",
    });
  });

  it('suggests nothing for a name close to none, and lists what is accepted', () => {
    const m = issueOf('postgres://u@h/db?password=x')?.message ?? '';
    expect(m).not.toContain('did you mean');
    expect(m).toMatch(/expected only .*`sslmode`.* here\. Remove it\.$/);
  });

  it('shows a hostile name visibly, on one line', () => {
    const m = issueOf(`postgres://u@h/db?${encodeURIComponent('a"b\n\u202Ec')}=1`)?.message ?? '';
    expect(m).not.toMatch(/\n|\u202E/);
    expect(m).toContain('the postgresql URL');
  });
});

describe('a wrong TLS parameter', () => {
  it("says what is accepted in core's words, with the closest value", () => {
    expect(issueOf('postgres://u@h/db?sslmode=requir')).toEqual({
      code: 'invalid_option',
      path: ['sslmode'],
      message:
        '`sslmode`: expected one of `disable`, `allow`, `prefer`, `require`, `verify-ca`, `verify-full`, received "requir"; did you mean `require`?',
    });
    expect(issueOf('mysql://u@h/db?ssl-mode=sometimes')).toMatchObject({
      code: 'invalid_option',
      path: ['ssl-mode'],
    });
    expect(issueOf('sqlserver://u@h/db?encrypt=yes')).toEqual({
      code: 'invalid_option',
      path: ['encrypt'],
      message: '`encrypt`: expected one of `true`, `false`, `strict`, received "yes".',
    });
    expect(issueOf('sqlserver://u@h/db?trustServerCertificate=maybe')).toMatchObject({
      code: 'invalid_option',
      path: ['trustServerCertificate'],
    });
  });
});

describe('the password', () => {
  it('is never in a message, even where the parameter holds it', () => {
    for (const url of [
      `postgres://u:${ENCODED}@h/db?sslmode=bogus`,
      `postgres://u:${ENCODED}@h/db?sslmode=${ENCODED}`,
      `postgres://u:${ENCODED}@h/db?${ENCODED}=1`,
      `postgres://u:${ENCODED}@h/db?password=${ENCODED}`,
      `mysql://u:${ENCODED}@h/db?ssl-mode=${ENCODED}`,
      `sqlserver://u:${ENCODED}@h/db?encrypt=${ENCODED}`,
      `sqlserver://u:${ENCODED}@h/db?trustServerCertificate=${ENCODED}`,
    ]) {
      const issue = issueOf(url);
      expect(issue?.code, url).toBe('invalid_option');
      expect(JSON.stringify(issue), url).not.toContain('S3cret');
      expect(issue?.message, url).not.toContain('\n');
    }
  });

  it('is never in the message of a wrong port in the environment, which names its variable', () => {
    const pg = resolveTarget(undefined, { PGHOST: 'h', PGPORT: 'fivefour', PGPASSWORD: PASSWORD });
    expect(pg.ok ? undefined : pg.issues[0]).toEqual({
      code: 'invalid_option',
      path: [],
      message: '`PGPORT`: expected a port number from 1 to 65535, received string "fivefour".',
    });
    const ms = resolveTarget(undefined, { SQLCMDSERVER: 'h,99999', SQLCMDPASSWORD: PASSWORD });
    expect(ms.ok ? undefined : ms.issues[0]?.message).toBe(
      '`SQLCMDSERVER`: expected a port number from 1 to 65535 after its comma, received string "99999".',
    );
    for (const env of [
      { PGHOST: 'h', PGPORT: PASSWORD, PGPASSWORD: PASSWORD },
      { PGHOST: 'h', PGPORT: '0', PGPASSWORD: PASSWORD },
      { PGHOST: 'h', PGSSLMODE: PASSWORD, PGPASSWORD: PASSWORD },
      { MYSQL_HOST: 'h', MYSQL_TCP_PORT: '70000', MYSQL_PWD: PASSWORD },
    ]) {
      const r = resolveTarget(undefined, env);
      expect(r.ok, JSON.stringify(Object.keys(env))).toBe(false);
      expect(JSON.stringify(r.ok ? {} : r.issues)).not.toContain('S3cret');
    }
  });
});

describe('a Unix-domain socket', () => {
  const target = (url: string) => {
    const r = parseDatabaseUrl(url);
    if (!r.ok) throw new Error(r.issues[0]?.message);
    return r.value;
  };

  it('PostgreSQL: ?host=/dir, the percent-encoded host, and PGHOST=/dir name the socket directory', () => {
    for (const url of ['postgres://qm@/db?host=/run/postgresql', 'postgres://qm@%2Frun%2Fpostgresql/db']) {
      expect(target(url)).toMatchObject({
        socket: '/run/postgresql',
        user: 'qm',
        database: 'db',
        display: 'postgres://qm@/db?host=/run/postgresql',
      });
    }
    expect(target('postgres:///db?host=/tmp').socket).toBe('/tmp');
    // libpq's host parameter may name a host too.
    expect(target('postgres://u@h/db?host=db.example.com')).toMatchObject({ host: 'db.example.com' });
    expect(target('postgres://u@h/db?host=db.example.com').socket).toBeUndefined();
    const env = resolveTarget(undefined, { PGHOST: '/run/postgresql', PGUSER: 'qm', PGDATABASE: 'db' });
    expect(env.ok && env.value.socket).toBe('/run/postgresql');
  });

  it('MySQL: ?socket=/path, with or without a host', () => {
    for (const url of [
      'mysql://root@/db?socket=/run/mysqld/mysqld.sock',
      'mariadb://root@localhost/db?socket=/run/mysqld/mysqld.sock',
    ])
      expect(target(url)).toMatchObject({
        socket: '/run/mysqld/mysqld.sock',
        display: 'mysql://root@/db?socket=/run/mysqld/mysqld.sock',
      });
  });

  it('MySQL: MYSQL_UNIX_PORT is the socket where nothing names a host, as the mysql client reads it', () => {
    const env = { MYSQL_UNIX_PORT: '/tmp/qm "x"\n/mysqld.sock', PGHOST: '/run/postgresql' };
    // A URL with no host, and the variables with no MYSQL_HOST.
    for (const read of [
      parseDatabaseUrl('mysql://root@/db', env),
      resolveTarget(undefined, { ...env, MYSQL_USER: 'root', MYSQL_DATABASE: 'db' }, 'mysql'),
      resolveTarget('mariadb://root@/db', env),
    ])
      expect(read).toMatchObject({
        ok: true,
        value: {
          socket: env.MYSQL_UNIX_PORT,
          display: 'mysql://root@/db?socket=/tmp/qm%20%22x%22%0A/mysqld.sock',
        },
      });
    // A host named (localhost too), or a socket named: the variable is not read.
    for (const read of [
      parseDatabaseUrl('mysql://root@localhost/db', env),
      resolveTarget(undefined, { ...env, MYSQL_HOST: 'db.example.com' }, 'mysql'),
    ])
      expect(read.ok && read.value.socket).toBeUndefined();
    expect(parseDatabaseUrl('mysql://root@/db?socket=/run/m.sock', env)).toMatchObject({
      value: { socket: '/run/m.sock' },
    });
    // PostgreSQL has no such variable: its host names the socket's directory.
    expect(issueOf('postgres://u@/db')?.code).toBe('invalid_url');
    expect(parseDatabaseUrl('postgres://u@/db', env).ok).toBe(false);
  });

  it('no host and no socket: says how to name either; a hostile path is shown encoded', () => {
    expect(issueOf('postgres://u@/db')?.message).toBe(
      'the database URL has no host (expected scheme://user@host:port/database, or a Unix-domain socket: scheme://user@/database?host=/path)',
    );
    expect(issueOf('mysql://root@/db')?.message).toBe(
      'the database URL has no host (expected scheme://user@host:port/database, or a Unix-domain socket: scheme://user@/database?socket=/path or MYSQL_UNIX_PORT=/path)',
    );
    expect(target(`mysql://root@/db?socket=${encodeURIComponent('/tmp/a"b\n\u202e')}`).display).toBe(
      'mysql://root@/db?socket=/tmp/a%22b%0A%E2%80%AE',
    );
  });
});

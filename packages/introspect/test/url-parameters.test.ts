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
        "the postgresql URL's parameter `sslmod`: unknown key; expected only `sslmode`, `sslrootcert`, `sslcert`, `sslkey` here; did you mean `sslmode`?",
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

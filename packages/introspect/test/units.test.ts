/**
 * The pure parts: targets from URLs and the environment, hidden passwords, trigger-code
 * readers, name quoting, and rates from counters.
 */
import { inspect } from 'node:util';
import {
  parseDatabaseUrl,
  readMysqlBefore,
  readPlpgsqlBeforeRow,
  readTsqlAfterUpdate,
  redact,
  resolveTarget,
  Secret,
} from '@querymode/introspect';
import { describe, expect, it } from 'vitest';
import { quoteMysql, quoteTsql } from '../src/names/quote.js';
import { observedChanges } from '../src/read/assemble.js';
import { mysqlAlwaysSignals, plpgsqlAlwaysRaises } from '../src/read/trigger-code.js';

const PASSWORD = 'pa:ss@w/rd#S3cret';
const URL_WITH_PASSWORD = `postgres://reader:${encodeURIComponent(PASSWORD)}@db.example.com:6543/shop?sslmode=verify-full`;

describe('database targets', () => {
  it('parses each scheme into a kind, with defaults, TLS and the password hidden', () => {
    const t = parseDatabaseUrl(URL_WITH_PASSWORD);
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    expect(t.value).toMatchObject({
      kind: 'postgresql',
      host: 'db.example.com',
      port: 6543,
      user: 'reader',
      database: 'shop',
    });
    expect(t.value.tls).toEqual({ mode: 'verify-full' });
    expect(t.value.password.reveal()).toBe(PASSWORD);
    expect(t.value.display).toBe('postgres://reader@db.example.com:6543/shop');
    for (const text of [JSON.stringify(t.value), inspect(t.value, { depth: 5 }), String(t.value.password)])
      expect(text).not.toContain('S3cret');
    for (const [url, kind, port] of [
      ['mariadb://u@h/db', 'mysql', 3306],
      ['mysql://u@h', 'mysql', 3306],
      ['mssql://u@h/db', 'sqlserver', 1433],
      ['sqlserver://u@h:1444/db?encrypt=true&trustServerCertificate=true', 'sqlserver', 1444],
    ] as const) {
      const r = parseDatabaseUrl(url);
      expect(r.ok && r.value.kind, url).toBe(kind);
      expect(r.ok && r.value.port, url).toBe(port);
    }
  });

  it('fails in one line without repeating the URL or its password', () => {
    for (const url of [
      `postgres://u:${PASSWORD}@`,
      `oracle://u:${PASSWORD}@h/db`,
      `postgres://u:S3cret@h/db?sslmode=sometimes`,
      `postgres://u:S3cret@h/db?password=S3cret`,
      'no scheme',
    ]) {
      const r = parseDatabaseUrl(url);
      expect(r.ok, url).toBe(false);
      if (r.ok) continue;
      expect(r.issues[0]?.message, url).not.toMatch(/S3cret/);
      expect(r.issues[0]?.message).not.toContain('\n');
    }
  });

  it("reads QUERYMODE_DATABASE_URL, then the drivers' variables", () => {
    const fromUrl = resolveTarget(undefined, { QUERYMODE_DATABASE_URL: 'mysql://a@b/c' });
    expect(fromUrl.ok && fromUrl.value.kind).toBe('mysql');
    const pg = resolveTarget(undefined, {
      PGHOST: 'h',
      PGUSER: 'u',
      PGPASSWORD: 'S3cret',
      PGDATABASE: 'd',
      PGSSLMODE: 'require',
    });
    expect(pg.ok && pg.value).toMatchObject({
      kind: 'postgresql',
      host: 'h',
      user: 'u',
      database: 'd',
      port: 5432,
      tls: { mode: 'require' },
    });
    expect(pg.ok && pg.value.password.reveal()).toBe('S3cret');
    const ms = resolveTarget(undefined, { SQLCMDSERVER: 'h,1500', SQLCMDUSER: 'u', SQLCMDPASSWORD: 'x' });
    expect(ms.ok && ms.value).toMatchObject({ kind: 'sqlserver', host: 'h', port: 1500, user: 'u' });
    const withPwd = resolveTarget('mysql://reader@h/db', { MYSQL_PWD: 'S3cret' });
    expect(withPwd.ok && withPwd.value.password.reveal()).toBe('S3cret');
    expect(resolveTarget(undefined, {}).ok).toBe(false);
    expect(resolveTarget(undefined, { PGHOST: 'a', MYSQL_HOST: 'b' }).ok).toBe(false);
    expect(resolveTarget(undefined, { PGHOST: 'a', MYSQL_HOST: 'b' }, 'mysql').ok).toBe(true);
  });

  it('redacts given secrets (raw and percent-encoded) and any URL password', () => {
    const text = `failed for postgres://reader:${encodeURIComponent(PASSWORD)}@h/db and ${PASSWORD} and mysql://x:y@z`;
    const out = redact(text, [new Secret(PASSWORD)]);
    expect(out).not.toContain('S3cret');
    expect(out).toContain('mysql://x:***@z');
  });

  it('masks exactly the password span of a URL, whatever its characters; a user name or port holding the value stays whole', () => {
    // An unencoded / @ : in the password: none of it shows, the host does.
    expect(redact('cannot parse postgres://u:ab/cd@ef:gh@db.example.com:5432/shop')).toBe(
      'cannot parse postgres://u:***@db.example.com:5432/shop',
    );
    const pg = resolveTarget('postgres://app_pw:app@127.0.0.1:5432/shop', {});
    expect(pg.ok).toBe(true);
    if (!pg.ok) return;
    const { display, password } = pg.value;
    const reason = `cannot connect to ${display}: password authentication failed: app`;
    expect(redact(reason, [password], [display])).toBe(
      `cannot connect to ${display}: password authentication failed: ***`,
    );
    expect(display).toContain('app_pw@');
    const port = resolveTarget('postgres://reader:5432@127.0.0.1:5432/shop', {});
    if (!port.ok) throw new Error('target');
    const text = `cannot connect to ${port.value.display}: refused (secret 5432)`;
    expect(redact(text, [port.value.password], [port.value.display])).toBe(
      `cannot connect to ${port.value.display}: refused (secret ***)`,
    );
    expect(port.value.display).toContain(':5432/');
  });
});

describe('reading trigger code', () => {
  it('reads PL/pgSQL assignments of fresh values, quoted names included', () => {
    expect(readPlpgsqlBeforeRow('BEGIN NEW.updated_at := now(); RETURN NEW; END;')).toEqual({
      readable: true,
      sets: ['updated_at'],
    });
    expect(
      readPlpgsqlBeforeRow(
        'begin\n -- c\n new."UpdatedAt" = clock_timestamp();\n new.v := current_timestamp;\n return new;\nend',
      ),
    ).toEqual({
      readable: true,
      sets: ['UpdatedAt', 'v'],
    });
  });

  it('refuses conditions, row-derived values, constants and other statements', () => {
    for (const body of [
      'BEGIN IF NEW IS DISTINCT FROM OLD THEN NEW.t := now(); END IF; RETURN NEW; END',
      'BEGIN NEW.t := COALESCE(NEW.t, now()); RETURN NEW; END',
      "BEGIN NEW.t := '2020-01-01'; RETURN NEW; END",
      'BEGIN NEW.t := CASE WHEN true THEN now() END; RETURN NEW; END',
      'DECLARE x int; BEGIN NEW.t := now(); RETURN NEW; END',
      'BEGIN NEW.t := now(); RETURN NULL; END',
      'BEGIN PERFORM f(); NEW.t := now(); RETURN NEW; END',
    ])
      expect(readPlpgsqlBeforeRow(body).readable, body).toBe(false);
  });

  it('reads MySQL SET NEW and refuses the rest', () => {
    expect(readMysqlBefore('SET NEW.touched_at = NOW()')).toEqual({ readable: true, sets: ['touched_at'] });
    expect(readMysqlBefore('BEGIN SET NEW.`a` = UTC_TIMESTAMP(), NEW.b = CURRENT_TIMESTAMP; END')).toEqual({
      readable: true,
      sets: ['a', 'b'],
    });
    expect(readMysqlBefore('BEGIN IF NEW.x <> OLD.x THEN SET NEW.t = NOW(); END IF; END').readable).toBe(
      false,
    );
    expect(readMysqlBefore('SET NEW.t = OLD.t').readable).toBe(false);
  });

  it('reads a T-SQL AFTER UPDATE trigger that updates the updated rows, and refuses the rest', () => {
    const ok =
      'CREATE TRIGGER t ON dbo.orders AFTER UPDATE AS SET NOCOUNT ON UPDATE o SET updated_at = SYSUTCDATETIME() FROM dbo.orders o JOIN inserted i ON i.id = o.id';
    expect(readTsqlAfterUpdate(ok, 'orders')).toEqual({ readable: true, sets: ['updated_at'] });
    expect(readTsqlAfterUpdate(ok.replace('UPDATE o', 'IF UPDATE(x) UPDATE o'), 'orders').readable).toBe(
      false,
    );
    expect(readTsqlAfterUpdate(ok, 'customers').readable).toBe(false);
    expect(readTsqlAfterUpdate(ok.replace('JOIN inserted i ON i.id = o.id', ''), 'orders').readable).toBe(
      false,
    );
  });

  it('recognises triggers that always reject the statement', () => {
    expect(plpgsqlAlwaysRaises("BEGIN RAISE EXCEPTION 'no'; END")).toBe(true);
    expect(plpgsqlAlwaysRaises("BEGIN RAISE NOTICE 'no'; RETURN NEW; END")).toBe(false);
    expect(plpgsqlAlwaysRaises("BEGIN IF true THEN RAISE EXCEPTION 'no'; END IF; END")).toBe(false);
    expect(mysqlAlwaysSignals("SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'")).toBe(true);
    expect(mysqlAlwaysSignals("SIGNAL SQLSTATE '01000'")).toBe(false);
  });
});

describe('names and rates', () => {
  it('quotes MySQL and SQL Server name parts only where needed', () => {
    expect(['orders', 'Orders', 'order', 'Café', 'a b', '123', 'x`y'].map(quoteMysql)).toEqual([
      'orders',
      'Orders',
      '`order`',
      'Café',
      '`a b`',
      '`123`',
      '`x``y`',
    ]);
    expect(['orders', 'user', 'Order Lines', 'a]b', '_x'].map(quoteTsql)).toEqual([
      'orders',
      '[user]',
      '[Order Lines]',
      '[a]]b]',
      '_x',
    ]);
  });

  it('gives rates per day only over a window of at least a day, and never no', () => {
    const source = 'test';
    expect(observedChanges({ inserts: 700, updates: 0, deletes: undefined, windowDays: 7, source })).toEqual({
      inserts: 'yes',
      inserts_per_day: 100,
      observed_days: 7,
    });
    expect(observedChanges({ inserts: 700, updates: 5, deletes: 0, windowDays: 0.2, source })).toEqual({
      inserts: 'yes',
      updates: 'yes',
    });
    expect(observedChanges({ inserts: 0, updates: 0, deletes: 0, windowDays: 30, source })).toBeUndefined();
  });
});

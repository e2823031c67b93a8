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
import { mysqlAlwaysSignals, plpgsqlAlwaysRaises, underWhen } from '../src/read/trigger-code.js';

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

  it('masks a secret where it stands alone, never the letters of a longer word', () => {
    const b = [new Secret('b')];
    expect(redact('--connect-timeout expects a duration; received "abc"', b)).toBe(
      '--connect-timeout expects a duration; received "abc"',
    );
    expect(redact('received "b"; password=b, b', b)).toBe('received "***"; password=***, ***');
    expect(redact('table b_c and a-b', b)).toBe('table b_c and a-***');
    // A secret that begins or ends with punctuation is masked wherever its word characters stand alone.
    const odd = [new Secret('!x')];
    expect(redact('a!x and !xa and !x', odd)).toBe('a*** and !xa and ***');
    // Percent-encoded, and every occurrence of a repeated one.
    expect(redact(`u=${encodeURIComponent(PASSWORD)} ${PASSWORD},${PASSWORD}`, [new Secret(PASSWORD)])).toBe(
      'u=*** ***,***',
    );
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

  it('reads PL/pgSQL branch by branch: every path, some paths, none', () => {
    const sets = (body: string) => {
      const r = readPlpgsqlBeforeRow(body);
      return r.readable ? { sets: r.sets, open: (r.open ?? []).map((o) => o.column) } : r.reason;
    };
    // Every branch assigns: set on every update.
    expect(
      sets(
        'BEGIN IF NEW.a > 0 THEN NEW.t := now(); ELSE NEW.t := clock_timestamp(); END IF; RETURN NEW; END',
      ),
    ).toEqual({ sets: ['t'], open: [] });
    // One branch assigns: not on every update (false), and a column no statement assigns is false too.
    expect(
      sets(
        "BEGIN IF NEW.n IS DISTINCT FROM OLD.n THEN NEW.change_seq = nextval('s'); END IF; RETURN NEW; END;",
      ),
    ).toEqual({ sets: [], open: [] });
    // Nested IF and CASE: t on every path, u on one.
    expect(
      sets(
        'BEGIN IF NEW.a > 0 THEN IF NEW.b > 0 THEN NEW.t := now(); ELSE NEW.t := now(); END IF; ELSE CASE NEW.c WHEN 1 THEN NEW.t := now(); ELSE NEW.t := now(); NEW.u := now(); END CASE; END IF; RETURN NEW; END',
      ),
    ).toEqual({ sets: ['t'], open: [] });
    // A CASE statement with no ELSE raises when nothing matches: that path lets no row through.
    expect(sets('BEGIN CASE WHEN NEW.a > 0 THEN NEW.t := now(); END CASE; RETURN NEW; END')).toEqual({
      sets: ['t'],
      open: [],
    });
    // Declarations, PERFORM without NEW, RAISE NOTICE and NULL change nothing; RETURN NULL lets no row through.
    expect(
      sets("DECLARE x int := 1; BEGIN PERFORM f(); RAISE NOTICE 'x'; NULL; NEW.t := now(); RETURN NEW; END"),
    ).toEqual({ sets: ['t'], open: [] });
    expect(sets('BEGIN NEW.t := now(); RETURN NULL; END')).toEqual({ sets: [], open: [] });
  });

  it('reads the two guards for what they mean', () => {
    // Skips only updates that change nothing: still set on every update that matters.
    expect(
      readPlpgsqlBeforeRow('BEGIN IF NEW IS DISTINCT FROM OLD THEN NEW.t := now(); END IF; RETURN NEW; END'),
    ).toEqual({ readable: true, sets: ['t'] });
    expect(
      readPlpgsqlBeforeRow(
        'BEGIN IF ROW(NEW.*) IS DISTINCT FROM ROW(OLD.*) THEN NEW.t := now(); END IF; RETURN NEW; END',
      ),
    ).toEqual({ readable: true, sets: ['t'] });
    // Diesel's diesel_set_updated_at: skips when the statement wrote the column itself.
    const diesel = readPlpgsqlBeforeRow(
      'BEGIN\n  IF (\n    NEW IS DISTINCT FROM OLD AND\n    NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at\n  ) THEN\n    NEW.updated_at := current_timestamp;\n  END IF;\n  RETURN NEW;\nEND;',
    );
    expect(diesel.readable && diesel.sets).toEqual([]);
    expect(diesel.readable && diesel.open?.[0]?.column).toBe('updated_at');
    expect(diesel.readable && diesel.open?.[0]?.reason).toMatch(
      /skips when the statement writes `updated_at` itself \(`\( NEW IS DISTINCT FROM OLD AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at \)`\): whether the application ever writes `updated_at` is not known/,
    );
    // The same guard as a trigger's WHEN condition, and the no-change guard as one.
    expect(
      underWhen(
        { readable: true, sets: ['t'] },
        'CREATE TRIGGER x BEFORE UPDATE ON t FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION f()',
      ),
    ).toEqual({ readable: true, sets: ['t'] });
    expect(
      underWhen(
        { readable: true, sets: ['t'] },
        'CREATE TRIGGER x BEFORE UPDATE ON t FOR EACH ROW WHEN ((new.t IS NOT DISTINCT FROM old.t)) EXECUTE FUNCTION f()',
      ),
    ).toMatchObject({ readable: true, sets: [], open: [{ column: 't' }] });
    expect(
      underWhen(
        { readable: true, sets: ['t'] },
        'CREATE TRIGGER x BEFORE UPDATE ON t FOR EACH ROW WHEN ((new.a > 0)) EXECUTE FUNCTION f()',
      ),
    ).toEqual({ readable: true, sets: [] });
  });

  it('leaves unknown only what the body may reach, quoting the statement as written', () => {
    // A value that is not fresh: that column only.
    const r = readPlpgsqlBeforeRow('BEGIN NEW.t := COALESCE(NEW.t, now()); NEW.u := now(); RETURN NEW; END');
    expect(r).toEqual({
      readable: true,
      sets: ['u'],
      open: [
        { column: 't', reason: 'assigns a value computed from the row: `NEW.t := COALESCE(NEW.t, now())`' },
      ],
    });
    // Whatever can assign columns it does not name: the whole body.
    for (const [body, why] of [
      ["BEGIN EXECUTE 'UPDATE x SET a = 1'; RETURN NEW; END", /dynamic SQL.*`EXECUTE 'UPDATE x SET a = 1'`/],
      ['BEGIN NEW := f(NEW); RETURN NEW; END', /whole NEW row: `NEW := f\(NEW\)`/],
      ['BEGIN SELECT * INTO NEW FROM t LIMIT 1; RETURN NEW; END', /fills NEW from a query/],
      ['BEGIN PERFORM touch(NEW); RETURN NEW; END', /passes NEW to a call/],
      [
        'BEGIN BEGIN NEW.t := now(); EXCEPTION WHEN others THEN NULL; END; RETURN NEW; END',
        /exception handler/,
      ],
      ['BEGIN LOOP EXIT; END LOOP; RETURN NEW; END', /has a loop/],
      ['BEGIN IF NEW.a THEN NEW.t := now(); RETURN NEW; END', /cannot be parsed/],
    ] as const)
      expect(readPlpgsqlBeforeRow(body), body).toMatchObject({
        readable: false,
        reason: expect.stringMatching(why),
      });
  });

  it('reads MySQL SET NEW branch by branch', () => {
    expect(readMysqlBefore('SET NEW.touched_at = NOW()')).toEqual({ readable: true, sets: ['touched_at'] });
    expect(readMysqlBefore('BEGIN SET NEW.`a` = UTC_TIMESTAMP(), NEW.b = CURRENT_TIMESTAMP; END')).toEqual({
      readable: true,
      sets: ['a', 'b'],
    });
    // One branch: not on every update. Every branch (ELSEIF, ELSE): on every update.
    expect(readMysqlBefore('BEGIN IF NEW.x <> OLD.x THEN SET NEW.t = NOW(); END IF; END')).toEqual({
      readable: true,
      sets: [],
    });
    expect(
      readMysqlBefore(
        'BEGIN DECLARE v INT; SET v = 1; IF NEW.x > 0 THEN SET NEW.t = NOW(); ELSEIF NEW.x < 0 THEN SET NEW.t = NOW(); ELSE SET NEW.t = UTC_TIMESTAMP(); END IF; END',
      ),
    ).toEqual({ readable: true, sets: ['t'] });
    // The application-written guard in MySQL's null-safe equality.
    expect(readMysqlBefore('BEGIN IF NEW.t <=> OLD.t THEN SET NEW.t = NOW(); END IF; END')).toMatchObject({
      readable: true,
      sets: [],
      open: [{ column: 't' }],
    });
    expect(readMysqlBefore('SET NEW.t = OLD.u')).toMatchObject({
      readable: true,
      sets: [],
      open: [{ column: 't', reason: expect.stringMatching(/computed from the row: `SET NEW.t = OLD.u`/) }],
    });
    // Its own old value, on every path or on some (names ignore case): restored, not set.
    expect(readMysqlBefore('SET NEW.t = OLD.t')).toEqual({
      readable: true,
      sets: [],
      keeps: [{ column: 't', always: true, text: '`SET NEW.t = OLD.t`' }],
    });
    expect(
      readMysqlBefore('BEGIN IF NEW.x > 0 THEN SET NEW.T = old.t; ELSE SET NEW.`t` = OLD.`T`; END IF; END'),
    ).toMatchObject({ sets: [], keeps: [{ column: 't', always: true }] });
    expect(readMysqlBefore('BEGIN IF NEW.x > 0 THEN SET NEW.t = OLD.t; END IF; END')).toMatchObject({
      sets: [],
      keeps: [{ column: 't', always: false }],
    });
    expect(readPlpgsqlBeforeRow('BEGIN NEW."T" := OLD.t; RETURN NEW; END')).toMatchObject({
      open: [{ column: 'T' }],
    });
    expect(
      readMysqlBefore('BEGIN DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET @e = 1; SET NEW.t = NOW(); END')
        .readable,
    ).toBe(false);
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

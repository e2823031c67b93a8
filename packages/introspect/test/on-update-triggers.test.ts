/**
 * MariaDB: a BEFORE UPDATE trigger that assigns an `ON UPDATE CURRENT_TIMESTAMP` column decides it
 * (the server applies ON UPDATE first, then the trigger's assignment wins), read path by path on
 * the test server: false when every path restores the old value, unknown when a path assigns
 * something else or restores it on some paths only, and unknown when the triggers cannot be seen.
 */
import type { TableTraits } from '@querymode/core';
import type { InspectReport } from '@querymode/introspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectUrl, tableOf } from './support/lookup.js';
import { freshName, MYSQL_READER_URL, MYSQL_URL, withMysql } from './support/servers.js';

const db = freshName('qm_t');
/** A column name with a quote, a backtick, a backslash and a bidi control. */
const HOSTILE = 'Up`d "\\x\u202e';
const q = (name: string) => `\`${name.replaceAll('`', '``')}\``;
const READERS = ["'qm_reader'@'localhost'", "'qm_reader'@'127.0.0.1'"];
let report: InspectReport;

/** A table `name` with an ON UPDATE column `col` and BEFORE UPDATE triggers (`body`s, in firing order). */
const table = (name: string, bodies: readonly string[], col = 'upd') => [
  `CREATE TABLE ${q(db)}.${q(name)} (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, n int, client_ts timestamp NULL,
       ${q(col)} timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP)`,
  ...bodies.map(
    (body, i) =>
      `CREATE TRIGGER ${q(db)}.${q(`${name}_${i}`)} BEFORE UPDATE ON ${q(db)}.${q(name)} FOR EACH ROW ${i > 0 ? `FOLLOWS ${q(`${name}_${i - 1}`)} ` : ''}${body}`,
  ),
];

const onUpdate = (name: string, col = 'upd', r = report): boolean | undefined =>
  tableOf(r, `${db}.${name}`).columns?.find((c) => c.name === col)?.set_on_update;
const notes = (t: TableTraits) => t.notes?.join(' ') ?? '';

beforeAll(async () => {
  const statements = [
    `CREATE DATABASE ${q(db)}`,
    // The issue's example: UPDATE m4 SET n = n + 1 leaves upd as it was.
    ...table('m4', ['SET NEW.upd = OLD.upd']),
    ...table('keeps_some', ['BEGIN IF NEW.n > 10 THEN SET NEW.upd = OLD.upd; END IF; END']),
    ...table('keeps_every_branch', [
      'BEGIN IF NEW.n > 10 THEN SET NEW.upd = OLD.upd; ELSE SET NEW.UPD = old.Upd; END IF; END',
    ]),
    ...table('assigns_other', ['SET NEW.upd = NEW.client_ts']),
    ...table('fresh_some', ['BEGIN IF NEW.n > 10 THEN SET NEW.upd = NOW(); END IF; END']),
    ...table('untouched', ['SET NEW.n = 1']),
    ...table('unreadable', ['BEGIN DECLARE i int DEFAULT 0; WHILE i < 1 DO SET i = i + 1; END WHILE; END']),
    ...table('kept_then_fresh', ['SET NEW.upd = OLD.upd', 'SET NEW.upd = CURRENT_TIMESTAMP']),
    ...table('fresh_then_kept', ['SET NEW.upd = CURRENT_TIMESTAMP', 'SET NEW.upd = OLD.upd']),
    ...table('hostile', [`SET NEW.${q(HOSTILE.toUpperCase())} = OLD.${q(HOSTILE)}`], HOSTILE),
    ...table('unseen', ['SET NEW.upd = OLD.upd']),
  ];
  await withMysql(async (c) => {
    for (const s of statements) await c.query(s);
    // The reader may read `unseen` but not see its triggers (no TRIGGER privilege).
    for (const reader of READERS) await c.query(`GRANT SELECT ON ${q(db)}.unseen TO ${reader}`);
  });
  report = await inspectUrl(MYSQL_URL, { schemas: [db] });
}, 60_000);

afterAll(async () => {
  await withMysql(async (c) => {
    for (const reader of READERS)
      await c.query(`REVOKE ALL PRIVILEGES ON ${q(db)}.unseen FROM ${reader}`).catch(() => undefined);
    await c.query(`DROP DATABASE IF EXISTS ${q(db)}`);
  });
});

describe('MariaDB: a BEFORE UPDATE trigger over ON UPDATE CURRENT_TIMESTAMP', () => {
  it('restoring the old value on every path: not set on update, and the note says which trigger', () => {
    expect(onUpdate('m4')).toBe(false);
    expect(notes(tableOf(report, `${db}.m4`))).toMatch(
      /set_on_update is false for `upd`: trigger `m4_0` restores its old value on every update: `SET NEW\.upd = OLD\.upd`/,
    );
    expect(onUpdate('keeps_every_branch')).toBe(false);
    expect(onUpdate('hostile', HOSTILE)).toBe(false);
  });

  it('restoring it on some paths only, or assigning something else: unknown, with the reason', () => {
    expect(onUpdate('keeps_some')).toBeUndefined();
    expect(notes(tableOf(report, `${db}.keeps_some`))).toMatch(
      /set_on_update is unknown for `upd`: trigger `keeps_some_0` restores its old value on some updates only/,
    );
    expect(onUpdate('assigns_other')).toBeUndefined();
    expect(notes(tableOf(report, `${db}.assigns_other`))).toMatch(
      /set_on_update is unknown for `upd`: trigger `assigns_other_0` assigns a value computed from the row/,
    );
  });

  it('a fresh time on some paths, or no assignment: ON UPDATE sets it on the others', () => {
    expect(onUpdate('fresh_some')).toBe(true);
    expect(onUpdate('untouched')).toBe(true);
  });

  it('a trigger that cannot be read may assign it: unknown', () => {
    expect(onUpdate('unreadable')).toBeUndefined();
    expect(notes(tableOf(report, `${db}.unreadable`))).toMatch(
      /set_on_update is unknown for `upd`: a trigger may assign it another value: trigger `unreadable_0` has a loop/,
    );
  });

  it('several triggers: the last one that assigns it decides', () => {
    expect(onUpdate('kept_then_fresh')).toBe(true);
    expect(onUpdate('fresh_then_kept')).toBe(false);
  });

  it('a reader without the TRIGGER privilege cannot see a trigger that may restore it: unknown', async () => {
    const asReader = await inspectUrl(MYSQL_READER_URL, { schemas: [db] });
    expect(onUpdate('unseen', 'upd', asReader)).toBeUndefined();
    expect(notes(tableOf(asReader, `${db}.unseen`))).toMatch(/no TRIGGER privilege on this table/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_RUNS, hostileName } from '../../../test/support/hostile-names.js';
import { dollarQuote } from '../src/dialects/dollar-tag.js';
import { DIALECTS } from '../src/dialects/index.js';
import { objectName } from '../src/dialects/object-name.js';
import { TYPE_FAMILY_TABLES } from '../src/dialects/type-families/index.js';
import { utf8Hex } from '../src/dialects/utf8-hex.js';
import { recommend, type TableTraits } from '../src/index.js';
import { typeFamily } from './type-family.js';

const names = hostileName(63);

/** Every fact of a column a dialect asks. */
const COLUMN_QUESTIONS = [
  'type',
  'nullable',
  'unique',
  'auto_increment',
  'set_on_insert',
  'set_on_update',
] as const;

/** Every statement and query text of an output (its `sql` and `query` strings). */
function sqlTexts(output: unknown): string[] {
  const texts: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null)
      for (const [k, x] of Object.entries(v))
        if ((k === 'sql' || k === 'query') && typeof x === 'string') texts.push(x);
        else walk(x);
  };
  walk(output);
  return texts;
}

/** What sqlcmd reads in a name: a line starting with GO, `:` or `!!`, or a scripting variable. */
const SQLCMD_READS = /[\n\r\v\f\u0085\u2028\u2029][ \t]*(?:go(?![\p{L}\p{N}_@#$])|:|!!)|\$\(/iu;

describe('the dialect catalogue', () => {
  it('always quotes a name, its quote character doubled', () => {
    expect(DIALECTS.postgresql.quote('id')).toBe('"id"');
    expect(DIALECTS.postgresql.quote('Quo"ted')).toBe('"Quo""ted"');
    expect(DIALECTS.mysql.quote('key')).toBe('`key`');
    expect(DIALECTS.mysql.quote('a`b')).toBe('`a``b`');
    expect(DIALECTS.sqlserver.quote('a]b')).toBe('[a]]b]');
    expect(DIALECTS.oracle.quote('createdAt')).toBe('"createdAt"');
  });

  it('reads back every qualified name it writes, dots and quotes inside the parts included', () => {
    fc.assert(
      fc.property(names, names, (schema, table) => {
        for (const d of [DIALECTS.postgresql, DIALECTS.sqlserver, DIALECTS.oracle])
          expect(d.parseTableName(d.table({ schema, table }))).toEqual({ schema, table });
        expect(
          DIALECTS.mysql.parseTableName(`${DIALECTS.mysql.quote(schema)}.${DIALECTS.mysql.quote(table)}`),
        ).toEqual({
          schema,
          table,
        });
      }),
      { numRuns: HOSTILE_RUNS },
    );
    expect(DIALECTS.postgresql.parseTableName('"prod.v2"."orders.new"')).toEqual({
      schema: 'prod.v2',
      table: 'orders.new',
    });
    expect(DIALECTS.postgresql.parseTableName('"Quo""ted"')).toEqual({ schema: undefined, table: 'Quo"ted' });
    expect(DIALECTS.postgresql.parseTableName('Public.Users')).toEqual({ schema: 'public', table: 'users' });
    expect(DIALECTS.oracle.parseTableName('app.orders')).toEqual({ schema: 'APP', table: 'ORDERS' });
    for (const bad of ['"open', 'a..b', '', 'a b', 'x"y', '`a` b'])
      expect(DIALECTS.postgresql.parseTableName(bad), bad).toBeUndefined();
  });

  it('reads a bare part as SQL writes one: a letter or _, then letters, digits, _, $, # or @, in any script', () => {
    const bare = /^[\p{L}_][\p{L}\p{N}_$#@]*$/u;
    const chars = fc.constantFrom(
      'a',
      'Z',
      '_',
      '$',
      '#',
      '@',
      '0',
      '9',
      '-',
      ' ',
      '~',
      '\u007f',
      '\u0000',
      'é',
      'Ω',
      '٣',
      '\u202e',
      '😀',
    );
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 6 }), (part) => {
        expect(DIALECTS.mysql.parseTableName(`s.${part}`) !== undefined, JSON.stringify(part)).toBe(
          bare.test(part),
        );
      }),
      { numRuns: HOSTILE_RUNS },
    );
  });

  it('SQL Server: a three-part name keeps its database, which every remedy and question uses and names', () => {
    const sqlserver = DIALECTS.sqlserver;
    fc.assert(
      fc.property(names, names, names, (database, schema, table) => {
        expect(sqlserver.parseTableName(sqlserver.table({ database, schema, table }))).toEqual({
          database,
          schema,
          table,
        });
      }),
      { numRuns: HOSTILE_RUNS },
    );
    const database = "Sa]les 'x\n\u202e";
    const traits: TableTraits = {
      table: `${sqlserver.quote(database)}.dbo.orders`,
      source: 'sqlserver',
      columns: [{ name: 'id', primary_key: true }, { name: 'updated_at' }],
      change_tracking: { database_enabled: false, table_enabled: false },
    };
    const texts = sqlTexts(recommend(traits));
    expect(texts.length).toBeGreaterThan(5);
    const use = "USE [Sa]]les 'x\n\u202e];\nGO\n";
    for (const text of texts) {
      expect(text.startsWith(use), text).toBe(true);
      // Each table reference names the database (in a literal too), but GRANT's (which takes none: USE gives it).
      const named = `${sqlserver.quote(database)}.[dbo].[orders]`;
      const rest = text
        .replaceAll(named, '')
        .replaceAll(named.replaceAll("'", "''"), '')
        .replaceAll('GRANT SELECT ON [dbo].[orders]', '');
      expect(rest, text).not.toContain('[dbo].[orders]');
    }
    // After USE, a batch that stops the script in any other database (USE may fail), and NOEXEC off at its end.
    const guard =
      "IF DB_NAME() <> N'Sa]les ''x\n\u202e' BEGIN DECLARE @connected nvarchar(258) = QUOTENAME(DB_NAME()); RAISERROR(N'connected to database %s, this is for database %s: connect to it and run this again', 16, 1, @connected, N'[Sa]]les ''x\n\u202e]') WITH NOWAIT; SET NOEXEC ON; END;\nGO\n";
    for (const text of texts) {
      expect(text.slice(use.length).startsWith(guard), text).toBe(true);
      expect(text.endsWith('\nGO\nSET NOEXEC OFF;'), text).toBe(true);
    }
    // A two-part name with the database inspect recorded: the same texts.
    expect(sqlTexts(recommend({ ...traits, table: 'dbo.orders', database }))).toEqual(texts);
    // A two-part name without one is run where the session is: no USE, no guard.
    const local = recommend({ ...traits, table: 'dbo.orders' });
    expect(JSON.stringify(local)).not.toContain('USE ');
    expect(JSON.stringify(local)).not.toContain('NOEXEC');
  });

  it("a two-part name with the database inspect recorded gets the three-part name's texts (PostgreSQL, SQL Server); MySQL and Oracle, whose names hold no database, the two-part name's", () => {
    const columns = [{ name: 'id', primary_key: true }, { name: 'updated_at' }];
    fc.assert(
      fc.property(names, (database) => {
        const pg: TableTraits = { table: '"Sa les".orders', source: 'postgresql', columns };
        const named = sqlTexts(
          recommend({ ...pg, table: `${DIALECTS.postgresql.quote(database)}.${pg.table}` }),
        );
        expect(named.length).toBeGreaterThan(5);
        expect(sqlTexts(recommend({ ...pg, database }))).toEqual(named);
        for (const source of ['mysql', 'oracle'] as const) {
          const other: TableTraits = { table: 'sales.orders', source, columns };
          expect(sqlTexts(recommend({ ...other, database }))).toEqual(sqlTexts(recommend(other)));
        }
        // A name without a schema stays one: the database joins only a schema's name.
        expect(sqlTexts(recommend({ ...pg, table: 'orders', database }))).toEqual(
          sqlTexts(recommend({ ...pg, table: 'orders' })),
        );
      }),
      { numRuns: 20 },
    );
  });

  it('PostgreSQL: a three-part name says its database on a first line of printable ASCII; MySQL and Oracle refuse one', () => {
    const pg = DIALECTS.postgresql;
    fc.assert(
      fc.property(names, names, names, (database, schema, table) => {
        const name = pg.parseTableName(`${pg.quote(database)}.${pg.quote(schema)}.${pg.quote(table)}`);
        expect(name).toEqual({ database, schema, table });
        const header = pg.header(name as NonNullable<typeof name>);
        expect(header).toMatch(/^-- Run in database \S.* \(connect to it first\): [\x20-\x7e]*\n$/);
        expect(header.slice(0, -1)).not.toMatch(/[^\x20-\x7e]/);
        for (const d of [DIALECTS.mysql, DIALECTS.oracle])
          expect(
            d.parseTableName(`${d.quote(database)}.${d.quote(schema)}.${d.quote(table)}`),
          ).toBeUndefined();
      }),
      { numRuns: HOSTILE_RUNS },
    );
    expect(pg.header({ database: 'a\nb\u202e\\"', schema: 's', table: 't' })).toBe(
      '-- Run in database U&"a\\000Ab\\202E\\\\""" (connect to it first): PostgreSQL statements cannot name another database; in any other they stop with an error.\n',
    );
    expect(pg.header({ schema: 's', table: 't' })).toBe('');
    // Through recommend: every statement and query starts with it; MySQL's and Oracle's name no statement.
    const traits: TableTraits = {
      table: 'sales.public.orders',
      source: 'postgresql',
      columns: [{ name: 'id' }],
    };
    const texts = sqlTexts(recommend(traits));
    expect(texts.length).toBeGreaterThan(3);
    for (const text of texts)
      expect(text.startsWith('-- Run in database "sales" (connect to it first)'), text).toBe(true);
    for (const source of ['mysql', 'oracle'] as const)
      expect(sqlTexts(recommend({ ...traits, source })), source).toEqual([]);
  });

  it("PostgreSQL: a three-part name runs a change's statements of its two-part name in one DO block led by a guard of its database, and each query of a question stops itself in another database, without a transaction, in printable ASCII", () => {
    const pg = DIALECTS.postgresql;
    /** Every text the dialect writes for the table, by writer. */
    const writeAll = (name: { database?: string; schema: string; table: string }, column: string) => {
      const t = { name, key: [column] };
      return {
        setOnEveryUpdate: pg.setOnEveryUpdate(t, column),
        addUpdatedAt: pg.addUpdatedAt(t, column),
        addIdentityColumn: pg.addIdentityColumn(t, column),
        setNotNull: pg.setNotNull(t, column),
        addUniqueIndex: pg.addUniqueIndex(t, column),
        grantSelect: pg.grantSelect(t, column),
        ...Object.fromEntries(
          (['type', 'nullable', 'unique', 'auto_increment', 'set_on_insert', 'set_on_update'] as const).map(
            (f) => [`askColumn ${f}`, pg.askColumn(t, column, f)],
          ),
        ),
        ...Object.fromEntries(
          (['rows', 'columns', 'primary_key', 'changes', 'readable'] as const).map((f) => [
            `askTable ${f}`,
            pg.askTable(t, f),
          ]),
        ),
      };
    };
    fc.assert(
      fc.property(names, names, names, names, (database, schema, table, column) => {
        const plain = writeAll({ schema, table }, column);
        const guarded = writeAll({ database, schema, table }, column);
        // Without its database: no guard, and one block only for a change of several objects.
        for (const [writer, text] of Object.entries(plain)) {
          expect(text, writer).not.toContain('this is for database');
          expect((text as string).startsWith('DO '), writer).toBe(
            writer === 'setOnEveryUpdate' || writer === 'addUpdatedAt',
          );
        }
        for (const [writer, text] of Object.entries(guarded)) {
          const alone = plain[writer as keyof typeof plain] as string;
          expect(typeof text, writer).toBe('string');
          if (writer.startsWith('ask')) {
            // A question: no transaction (pasted inside one the user has open, it commits nothing of
            // theirs); each of the two-part name's queries, whole, filtered by the guard of its database.
            const guard =
              / AS q WHERE CASE WHEN current_database\(\) = (E?'[\x20-\x7e]*') THEN true ELSE \('connected to database ' \|\| quote_ident\(current_database\(\)\) \|\| ', this is for database ' \|\| quote_ident\(\1\) \|\| ': connect to ' \|\| quote_ident\(\1\) \|\| ' and run it again'\)::boolean END;$/.exec(
                text as string,
              );
            expect(guard, `${writer}: ${text}`).not.toBeNull();
            const parts = (text as string).split(`)${(guard as RegExpExecArray)[0]}`);
            expect(parts.pop(), writer).toBe('');
            const queries = parts.map((part, i) => {
              const head = `${i === 0 ? '' : '\n'}SELECT * FROM (`;
              expect(part.startsWith(head), `${writer}: ${part}`).toBe(true);
              return `${part.slice(head.length)};`;
            });
            expect(queries.join('\n'), writer).toBe(alone);
            expect(queries.length, writer).toBe(writer === 'askColumn set_on_insert' ? 2 : 1);
            continue;
          }
          // One DO block (no BEGIN and COMMIT, which would commit a transaction the user has open),
          // led by the guard, in printable ASCII whatever the name, comparing with the database's name.
          const m =
            /^DO (\$qm\d*\$)\nBEGIN\nIF current_database\(\) <> (E?'[\x20-\x7e]*') THEN\n {2}RAISE EXCEPTION '%', 'connected to database ' \|\| quote_ident\(current_database\(\)\) \|\| ', this is for database ' \|\| quote_ident\(\2\) \|\| ': connect to ' \|\| quote_ident\(\2\) \|\| ' and run it again';\nEND IF;\n([\s\S]*)\nEND\n\1;$/.exec(
              text as string,
            );
          expect(m, `${writer}: ${text}`).not.toBeNull();
          const [, , , statements] = m as RegExpExecArray;
          // The statements are the two-part name's, without its own block.
          expect(statements, writer).toBe(
            alone.replace(/^DO (\$qm\d*\$)\nBEGIN\n([\s\S]*)\nEND\n\1;$/, '$2'),
          );
        }
      }),
      { numRuns: HOSTILE_RUNS },
    );
    // The database's name, as a literal PostgreSQL reads back under any setting: Unicode escapes in E'…'.
    const grant = pg.grantSelect(
      { name: { database: "a'\n\\$qm$\u202e\u{1f600}", schema: 's', table: 't' }, key: [] },
      'u',
    );
    expect(grant).toContain("IF current_database() <> E'a''\\u000A\\\\$qm$\\u202E\\U0001F600' THEN");
    expect(grant).toMatch(/^DO \$qm1\$\nBEGIN\n/);
    expect(
      pg.askTable({ name: { database: 'sales', schema: 'public', table: 'orders' }, key: [] }, 'rows'),
    ).toBe(
      `SELECT * FROM (SELECT count(*) FROM "public"."orders") AS q WHERE CASE WHEN current_database() = 'sales' THEN true ELSE ('connected to database ' || quote_ident(current_database()) || ', this is for database ' || quote_ident('sales') || ': connect to ' || quote_ident('sales') || ' and run it again')::boolean END;`,
    );
    expect(
      pg.askTable({ name: { database: "a'\n\\", schema: 'public', table: 'orders' }, key: [] }, 'rows'),
    ).toContain("WHEN current_database() = E'a''\\u000A\\\\' THEN");
    // A name without its database: the statements as they are, a transaction only where they need one.
    expect(pg.grantSelect({ name: { schema: 's', table: 't' }, key: [] }, 'u')).toBe(
      'GRANT USAGE ON SCHEMA "s" TO "u";\nGRANT SELECT ON "s"."t" TO "u";',
    );
    expect(pg.setOnEveryUpdate({ name: { schema: 's', table: 't' }, key: [] }, 'c')).toMatch(
      /^DO \$qm1\$\nBEGIN\nCREATE OR REPLACE FUNCTION [\s\S]*\nEND\n\$qm1\$;$/,
    );
  });

  it('SQL Server: no statement for a name holding a line sqlcmd reads (GO, :, !!) or a scripting variable; others split into the batches of a plain name', () => {
    const ss = DIALECTS.sqlserver;
    const batchesOf = (text: string) => text.split(/^[ \t]*go(?![\p{L}\p{N}_@#$])/imu).length;
    const smuggled = fc.oneof(
      names,
      fc
        .tuple(names, fc.constantFrom('\nGO\n', '\n  go 2\n', '\r\nGo\r\n', '\n:r x', '\n!!ls', '$(PATH)'))
        .map(([n, piece]) => `${n}${piece}DROP TABLE victim; --`),
    );
    fc.assert(
      fc.property(smuggled, smuggled, smuggled, smuggled, (database, schema, table, column) => {
        const t = { name: { database, schema, table }, key: [column] };
        const plain = { name: { database: 'd', schema: 's', table: 't' }, key: ['c'] };
        const write = (x: typeof t, c: string) => [
          ss.setOnEveryUpdate(x, c),
          ss.addUpdatedAt(x, c),
          ss.addUniqueIndex(x, c),
          ss.askColumn(x, c, 'type'),
          ss.askTable(x, 'rows'),
          ss.grantSelect(x, c),
        ];
        const read = [database, schema, table, column].some((n) => SQLCMD_READS.test(n));
        const plainTexts = write(plain, 'c');
        write(t, column).forEach((text, i) => {
          if (read) expect(text).toBeNull();
          else
            expect(batchesOf(`${ss.header(t.name)}${text}`)).toBe(
              batchesOf(`${ss.header(plain.name)}${plainTexts[i]}`),
            );
        });
      }),
      { numRuns: HOSTILE_RUNS },
    );
    // Through recommend: a table whose name holds a GO line gets no statement and no query.
    const traits: TableTraits = {
      table: '[x\nGO\nDROP TABLE victim; --].dbo.orders',
      source: 'sqlserver',
      columns: [{ name: 'id', primary_key: true }, { name: 'updated_at' }],
    };
    expect(sqlTexts(recommend(traits))).toEqual([]);
    expect(sqlTexts(recommend({ ...traits, table: '[x].dbo.orders' })).length).toBeGreaterThan(3);
  });

  it('writes MySQL string literals with no backslash, so they read the same under any sql_mode', () => {
    fc.assert(
      fc.property(names, (text) => {
        const l = DIALECTS.mysql.literal(text);
        expect(l).not.toContain('\\');
        expect(l).toMatch(/^('(?:[^']|'')*'|CONVERT\(X'[0-9A-F]*' USING utf8mb4\))$/);
      }),
      { numRuns: HOSTILE_RUNS },
    );
    expect(DIALECTS.mysql.literal("a\\'b")).toBe("CONVERT(X'615C2762' USING utf8mb4)");
  });

  it('writes UTF-8 hex as an encoder does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const bytes = [...new TextEncoder().encode(text)];
        expect(utf8Hex(text)).toBe(bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(''));
      }),
      { numRuns: HOSTILE_RUNS },
    );
  });

  it('writes PostgreSQL literals that do not depend on standard_conforming_strings', () => {
    expect(DIALECTS.postgresql.literal("it's")).toBe("'it''s'");
    expect(DIALECTS.postgresql.literal('a\\')).toBe("E'a\\\\'");
  });

  it('chooses a dollar-quote tag the body does not hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('$qm$', '$qm1$', '$qm2$', '$$', 'x', '$'), { maxLength: 8 }),
        (parts) => {
          const body = parts.join('');
          const quoted = dollarQuote(body);
          const tag = quoted.slice(0, quoted.indexOf('$', 1) + 1);
          expect(body).not.toContain(tag);
          expect(quoted).toBe(`${tag}${body}${tag}`);
        },
      ),
    );
  });

  it('names generated objects uniquely, within the limit, in ASCII', () => {
    const a = objectName('qm_upd', { schema: 'public', table: 'a' }, 'b_c', 63);
    const b = objectName('qm_upd', { schema: 'public', table: 'a-b' }, 'c', 63);
    expect(a).not.toBe(b);
    const s1 = objectName('qm_upd', { schema: 's1', table: 'orders' }, 'updated_at', 63);
    const s2 = objectName('qm_upd', { schema: 's2', table: 'orders' }, 'updated_at', 63);
    expect(s1).not.toBe(s2);
    fc.assert(
      fc.property(names, names, fc.constantFrom(30, 63, 64, 128), (table, column, limit) => {
        const n = objectName('qm_upd', { schema: undefined, table }, column, limit);
        expect(n.length).toBeLessThanOrEqual(limit);
        expect(n).toMatch(/^[A-Za-z0-9_]+$/);
      }),
      { numRuns: HOSTILE_RUNS },
    );
  });

  it("holds each dialect's column types: every name it lists is of that family in that dialect", () => {
    for (const sql of Object.values(DIALECTS)) {
      expect(TYPE_FAMILY_TABLES[sql.name]).toBe(sql.types);
      for (const [family, typeNames] of Object.entries(sql.types))
        for (const name of typeNames)
          expect([sql.name, name, typeFamily(name, sql.name)]).toEqual([sql.name, name, family]);
    }
  });

  it('lists each type name as its own first word in lower case, so that `name(...)` reads as `name`', () => {
    for (const sql of Object.values(DIALECTS))
      for (const typeNames of Object.values(sql.types))
        for (const name of typeNames) {
          expect(name).toMatch(/^[a-z0-9_]+$/);
          const family = typeFamily(name, sql.name);
          for (const spelt of [`${name}(3)`, `${name.toUpperCase()}(3)`, ` ${name} (3)`])
            expect([spelt, typeFamily(spelt, sql.name)]).toEqual([spelt, family]);
        }
  });

  it('reads a type named like an object property as a name no dialect knows', () => {
    // PostgreSQL names an array by its element type with a leading `_`.
    const expected = (type: string, dialect: string | undefined) =>
      dialect === 'postgresql' && type.startsWith('_') ? 'array' : 'unknown';
    for (const dialect of [undefined, ...Object.keys(DIALECTS)])
      for (const type of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf', '0', 'length'])
        for (const spelt of [type, `${type}(3)`, `${type.toUpperCase()} x`])
          expect(typeFamily(spelt, dialect as never)).toBe(expected(spelt, dialect));
  });

  it('reads a type with a dialect it does not know, even one named like an object property, as with none', () => {
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'nosuch'])
      for (const type of ['integer', 'timestamp', 'varchar(3)', 'int[]', 'nosuch'])
        expect(typeFamily(type, name as never)).toBe(typeFamily(type, undefined));
  });
});

/**
 * The statement with every quoted token (names, string literals, hex literals, comments, and the
 * quoted tokens inside a dollar-quoted body) replaced by `Q`: what is left is the statement's
 * structure, which no name may change.
 */
function skeleton(sql: string): string {
  const token =
    /CONVERT\(X'[0-9A-F]*' USING utf8mb4\)|\$(qm\d*)\$([\s\S]*?)\$\1\$|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[(?:[^\]]|\]\])*\]|N'(?:[^']|'')*'|E'(?:[^'\\]|''|\\\\)*'|'(?:[^']|'')*'|X'[0-9A-F]*'|--[^\n]*/g;
  return sql.replace(token, (_m, _tag: string | undefined, body: string | undefined) =>
    body === undefined ? 'Q' : `$$${skeleton(body)}$$`,
  );
}

describe('writesQuery', () => {
  const TABLE_FACTS = [
    'rows',
    'columns',
    'primary_key',
    'changes',
    'readable',
    'tracking_database',
    'tracking_table',
  ] as const;
  const smuggled = fc.oneof(
    names,
    fc.tuple(names, fc.constantFrom('\nGO\n', '\n:r x', '\n!!ls', '$(PATH)')).map(([n, p]) => `${n}${p}`),
  );

  it('says a query is written only where askTable and askColumn write one (a string), whatever the names', () => {
    fc.assert(
      fc.property(smuggled, smuggled, smuggled, smuggled, (database, schema, table, column) => {
        const t = { name: { database, schema, table }, key: [column] };
        for (const d of Object.values(DIALECTS)) {
          if (d.writesQuery === undefined) continue;
          for (const fact of TABLE_FACTS)
            if (d.writesQuery(t, { table: fact }))
              expect(typeof d.askTable(t, fact), `${d.name} ${fact}`).toBe('string');
          for (const fact of COLUMN_QUESTIONS)
            if (d.writesQuery(t, { column, fact }))
              expect(typeof d.askColumn(t, column, fact), `${d.name} ${fact}`).toBe('string');
        }
      }),
      { numRuns: HOSTILE_RUNS },
    );
  });

  it('says so for every fact but change tracking where the names are plain', () => {
    const t = { name: { schema: 's', table: 't' }, key: ['id'] };
    for (const d of [DIALECTS.postgresql, DIALECTS.mysql, DIALECTS.oracle, DIALECTS.sqlserver]) {
      const tracking = d === DIALECTS.sqlserver;
      for (const fact of TABLE_FACTS)
        expect(d.writesQuery?.(t, { table: fact }), `${d.name} ${fact}`).toBe(
          tracking || !fact.startsWith('tracking'),
        );
      for (const fact of COLUMN_QUESTIONS) expect(d.writesQuery?.(t, { column: 'c', fact })).toBe(true);
    }
  });
});

describe('MySQL statements name the database of the table (proven on MariaDB from other sessions: packages/introspect/test/remedies/)', () => {
  const my = DIALECTS.mysql;
  const TABLE_QUESTIONS = ['rows', 'columns', 'primary_key', 'changes', 'readable'] as const;
  const printed = (schema: string, table: string, column: string): string[] => {
    const t = { name: { schema, table }, key: [column] };
    return [
      my.setOnEveryUpdate(t, column),
      my.addUpdatedAt(t, column),
      my.addIdentityColumn(t, column),
      my.addUniqueIndex(t, column),
      my.grantSelect(t, 'app@%'),
      ...COLUMN_QUESTIONS.map((q) => my.askColumn(t, column, q)),
      ...TABLE_QUESTIONS.map((q) => my.askTable(t, q)),
    ].filter((x): x is string => x !== null);
  };

  it('never reads the session database, and names the table with its database in every statement', () => {
    fc.assert(
      fc.property(names, names, names, (schema, table, column) => {
        const qualified = `${my.quote(schema)}.${my.quote(table)}`;
        for (const sql of printed(schema, table, column)) {
          expect(sql).not.toMatch(/DATABASE\(\)/);
          expect(sql.includes(qualified) || sql.includes(my.literal(schema))).toBe(true);
        }
        expect(my.header({ schema, table })).toBe('');
      }),
      { numRuns: HOSTILE_RUNS },
    );
  });

  it('names the trigger in the database of the table, and compares catalog names by their bytes', () => {
    const [drop, create] = (
      (my.setOnEveryUpdate({ name: { schema: 'Shop', table: 't' }, key: [] }, 'u') as string | null) ?? ''
    ).split('\n');
    expect(drop).toMatch(/^DROP TRIGGER IF EXISTS `Shop`\.`qm_upd_t_u_[0-9a-f]{8}`;$/);
    expect(create).toMatch(/^CREATE TRIGGER `Shop`\.`qm_upd_t_u_[0-9a-f]{8}` BEFORE UPDATE ON `Shop`\.`t` /);
    expect(my.askTable({ name: { schema: 'Shop', table: 't' }, key: [] }, 'columns')).toContain(
      "table_schema = 'Shop' AND BINARY table_schema = 'Shop' AND table_name = 't' AND BINARY table_name = 't'",
    );
  });

  it('says where to run a statement only for a table given without its database', () => {
    expect(my.header({ schema: undefined, table: 't' })).toBe(
      '-- Run in the database that holds the table.\n',
    );
    expect(my.askTable({ name: { schema: undefined, table: 't' }, key: [] }, 'rows')).toBe(
      'SELECT COUNT(*) FROM `t`;',
    );
  });
});

describe('every statement keeps its structure whatever the names (SQL Server and Oracle checked here, with no server)', () => {
  const writers = (
    d: (typeof DIALECTS)[keyof typeof DIALECTS],
    schema: string,
    table: string,
    column: string,
  ) => {
    const t = { name: { schema, table }, key: [column] };
    return [
      d.setOnEveryUpdate(t, column),
      d.addUpdatedAt(t, column),
      d.addIdentityColumn(t, column),
      d.setNotNull(t, column),
      d.addPrimaryKey(t, column),
      d.enableTrackingOnTable(t),
      ...(['type', 'nullable', 'unique', 'auto_increment', 'set_on_insert', 'set_on_update'] as const).map(
        (f) => d.askColumn(t, column, f),
      ),
      ...(['rows', 'columns', 'primary_key', 'changes', 'tracking_table'] as const).map((f) =>
        d.askTable(t, f),
      ),
    ];
  };

  it('a hostile name is always inside one quoted token', () => {
    fc.assert(
      fc.property(names, names, names, (schema, table, column) => {
        // Salesforce writes no statement with a name SOQL cannot hold (its own test, below).
        for (const d of Object.values(DIALECTS).filter((x) => x.name !== 'salesforce')) {
          const sql = (x: unknown) => (typeof x === 'string' ? skeleton(x) : null);
          const plain = writers(d, 's', 't', 'c').map(sql);
          const hostile = writers(d, schema, table, column).map(sql);
          // SQL Server writes nothing for a name its tools read line by line (its own test, above).
          const refused = d.name === 'sqlserver' && [schema, table, column].some((n) => SQLCMD_READS.test(n));
          expect(hostile, d.name).toEqual(refused ? plain.map(() => null) : plain);
        }
      }),
      { numRuns: HOSTILE_RUNS },
    );
  });
});

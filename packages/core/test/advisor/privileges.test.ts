/**
 * What a reader without a privilege leaves unknown, and what it does not: facts the catalog gave
 * are never asked again, a table the reader may not read is never recommended, and a table with
 * deletes says in every result what query modes do with them.
 */
import { recommend, type TableTraits } from '@querymode/core';
import { describe, expect, it } from 'vitest';

/**
 * A link table of two foreign keys, as `inspect` reads it on MariaDB for a reader without the
 * TRIGGER privilege: EXTRA said neither column is auto-increment; set on insert and update are
 * unknown (the triggers cannot be seen).
 */
const LINK: TableTraits = {
  table: '`film_actor`',
  schema: 'sakila',
  source: 'mysql',
  rows: 6_000_000,
  rows_estimate: true,
  reader: 'qm_reader@%',
  readable: true,
  columns: [
    {
      name: 'actor_id',
      type: 'smallint(5) unsigned',
      nullable: false,
      primary_key: true,
      unique: false,
      auto_increment: false,
    },
    {
      name: 'film_id',
      type: 'smallint(5) unsigned',
      nullable: false,
      primary_key: true,
      unique: false,
      auto_increment: false,
    },
  ],
  notes: [
    'set_on_insert is unknown for the columns not set by their definition: the connected user qm_reader@% has no TRIGGER privilege on this table, so its triggers cannot be seen.',
  ],
};

interface Asked {
  readonly path: readonly (string | number)[];
  readonly question: string;
  readonly query: string | null;
}

/** Every question of every candidate; `waited`: only those of findings that keep a mode waiting (not infos). */
function questionsOf(
  value: {
    candidates: readonly { findings: readonly { severity: string; questions?: readonly Asked[] }[] }[];
  },
  waited = false,
): Asked[] {
  return value.candidates.flatMap((c) =>
    c.findings.filter((f) => !waited || f.severity !== 'info').flatMap((f) => f.questions ?? []),
  );
}

describe('a reader without the TRIGGER privilege', () => {
  it('is never asked whether a column is auto-increment when the catalog said it is not', () => {
    const r = recommend({ ...LINK, pipeline_mode: 'table' }, {});
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const asked = questionsOf(r.value as never);
    expect(
      asked.filter((q) => /^Is column .* an identity, serial or auto-increment column\?/.test(q.question)),
    ).toEqual([]);
    expect(asked.filter((q) => q.path.at(-1) === 'auto_increment' && q.query !== null)).toEqual([]);
    // Every query it is given names the table, in the database the header says to use.
    for (const q of asked) if (q.query !== null) expect(q.query).toMatch(/'film_actor'|`film_actor`/);
  });
  it('is still asked whether a column is auto-increment when the catalog did not say', () => {
    const r = recommend(
      {
        ...LINK,
        pipeline_mode: 'table',
        columns: [{ name: 'id', type: 'int', nullable: false, primary_key: true, unique: true }],
      },
      {},
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(
      questionsOf(r.value as never).some(
        (q) => /^Is column `id` an identity/.test(q.question) && q.query !== null,
      ),
    ).toBe(true);
  });
});

/** A small table that every mode's rules would let through. */
const ORDERS: TableTraits = {
  table: 'public.orders',
  schema: 'public',
  source: 'postgresql',
  rows: 1000,
  pipeline_mode: 'table',
  columns: [
    {
      name: 'id',
      type: 'bigint',
      nullable: false,
      primary_key: true,
      unique: true,
      auto_increment: true,
      set_on_insert: true,
      set_on_update: false,
    },
    {
      name: 'updated_at',
      type: 'timestamp with time zone',
      nullable: false,
      primary_key: false,
      unique: false,
      set_on_insert: true,
      set_on_update: true,
    },
  ],
};

describe('a table the reader may not read', () => {
  it('is never recommended: it waits for the grant, written for its dialect and user', () => {
    const readable = recommend({ ...ORDERS, reader: 'qm_reader', readable: true }, {});
    if (!readable.ok) throw new Error('invalid');
    expect(readable.value.status).toBe('recommended');
    const r = recommend({ ...ORDERS, reader: 'qm_reader', readable: false }, {});
    if (!r.ok) throw new Error('invalid');
    expect(r.value.status).toBe('needs_facts');
    expect(r.value.reasons.join(' ')).toMatch(/`qm_reader` that read the catalog may not read the table/);
    // The grant is in the reasons too, on one line, for readers of the text output.
    expect(r.value.reasons.join(' ')).toContain(
      'Grant `qm_reader` SELECT on the table: GRANT USAGE ON SCHEMA "public" TO "qm_reader"; GRANT SELECT ON "public"."orders" TO "qm_reader"; or establish',
    );
    for (const c of r.value.candidates) {
      expect(c.recommendable).toBe(false);
      const f = c.findings.find((x) => x.rule === 'table.readable');
      expect(f?.verdict).toBe('unknown');
      expect(f?.sql).toBe(
        'GRANT USAGE ON SCHEMA "public" TO "qm_reader";\nGRANT SELECT ON "public"."orders" TO "qm_reader";',
      );
      expect(f?.questions?.[0]?.query).toMatch(/has_table_privilege\(c\.oid, 'SELECT'\)/);
    }
  });
  it('stays so with more facts known: less knowledge of the reader never gives bolder advice', () => {
    for (const readable of [false, undefined, true] as const) {
      const r = recommend(
        {
          ...ORDERS,
          ...(readable === undefined ? {} : { readable }),
          changes: { inserts: 'yes', updates: 'yes', deletes: 'no' },
        },
        {},
      );
      if (!r.ok) throw new Error('invalid');
      expect(r.value.status).toBe(readable === false ? 'needs_facts' : 'recommended');
    }
  });
});

describe('a table with deletes', () => {
  const ADDRESS = 'https://docs.hevodata.com/data-ingestion/ingestion-modes-and-query-modes/';
  const withDeletes = { ...ORDERS, changes: { inserts: 'yes', updates: 'yes', deletes: 'yes' } } as const;
  it('says in the reasons of every status what happens to deleted rows, where it is documented, and what to do', () => {
    const cases = [
      [withDeletes, {}, 'recommended'],
      [withDeletes, { mustCapture: ['inserts', 'updates', 'deletes'] }, 'none'],
      [{ ...withDeletes, pipeline_mode: undefined }, {}, 'recommended'],
      [
        { ...withDeletes, pipeline_mode: undefined },
        { mustCapture: ['inserts', 'updates', 'deletes'] },
        'needs_facts',
      ],
      [{ ...withDeletes, readable: false }, {}, 'needs_facts'],
    ] as const;
    for (const [traits, options, status] of cases) {
      const r = recommend(traits as TableTraits, options as never);
      if (!r.ok) throw new Error('invalid');
      expect(r.value.status).toBe(status);
      const said = r.value.reasons.find((s) => s.startsWith('The table has deletes'));
      expect(said).toContain(ADDRESS);
      expect(said).toMatch(/rows deleted at the source stay in the destination/);
      expect(said).toMatch(/log-based pipeline/);
      expect(said).toMatch(/mark rows deleted/);
      if ('mustCapture' in options) expect(said).toMatch(/no query mode can meet that/);
    }
  });
  it('never waits for a question about deletes unless the caller requires them', () => {
    for (const deletes of ['yes', 'unknown'] as const) {
      const r = recommend({ ...ORDERS, changes: { inserts: 'yes', updates: 'yes', deletes } }, {});
      if (!r.ok) throw new Error('invalid');
      expect(r.value.status).not.toBe('needs_facts');
      expect(
        questionsOf(r.value as never, true).filter((q) => q.path.join('.') === 'changes.deletes'),
      ).toEqual([]);
    }
  });
  it('says nothing of it in a log-based pipeline, which replicates them', () => {
    const r = recommend({ ...withDeletes, pipeline_mode: 'log_based' }, {});
    if (!r.ok) throw new Error('invalid');
    expect(r.value.reasons.some((s) => s.startsWith('The table has deletes'))).toBe(false);
  });
});

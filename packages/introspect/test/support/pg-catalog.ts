/**
 * What a PostgreSQL statement may change in the schemas of a test, as one entry a line, each with
 * the table it belongs to: relations and their kinds, indexes' definitions, columns with type, NOT
 * NULL, identity and default, triggers, functions (their source's hash), constraints; in one order
 * (the plan's row order changes with the catalog's dead rows, as a rolled-back remedy leaves).
 */
import type { Entry } from './remedy-proof.js';

const SNAPSHOT = `
WITH rels AS (
  SELECT c.oid, n.nspname, c.relname, c.relkind,
    COALESCE(i.indrelid,
      (SELECT d.refobjid FROM pg_depend AS d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
         AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i') LIMIT 1),
      c.oid) AS owner
  FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace LEFT JOIN pg_index AS i ON i.indexrelid = c.oid
  WHERE n.nspname = ANY ($1))
SELECT owner::int AS owner, 'rel ' || quote_ident(nspname) || '.' || quote_ident(relname) || ' ' || relkind::text
  || CASE WHEN relkind = 'i' THEN ' ' || pg_get_indexdef(oid) ELSE '' END AS k FROM rels
UNION ALL
SELECT r.owner::int, 'col ' || quote_ident(r.relname) || '.' || quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
  || ' notnull=' || a.attnotnull || ' identity=' || a.attidentity::text || ' default=' || COALESCE(pg_get_expr(d.adbin, d.adrelid), '')
FROM rels AS r JOIN pg_attribute AS a ON a.attrelid = r.oid AND a.attnum > 0 AND NOT a.attisdropped
LEFT JOIN pg_attrdef AS d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE r.relkind IN ('r', 'p')
UNION ALL
SELECT t.tgrelid::int, 'trg ' || pg_get_triggerdef(t.oid) FROM pg_trigger AS t JOIN rels AS r ON r.oid = t.tgrelid WHERE NOT t.tgisinternal
UNION ALL
SELECT COALESCE((SELECT t.tgrelid FROM pg_trigger AS t WHERE t.tgfoid = p.oid LIMIT 1), 0)::int,
  'fn ' || quote_ident(n.nspname) || '.' || quote_ident(p.proname) || ' ' || md5(p.prosrc)
FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace WHERE n.nspname = ANY ($1)
UNION ALL
SELECT c.conrelid::int, 'con ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid)
FROM pg_constraint AS c JOIN rels AS r ON r.oid = c.conrelid`;

/** The entries of every object in `schemas`, in the database the client is connected to. */
export const catalogSnapshot = async (c: import('pg').Client, schemas: readonly string[]): Promise<Entry[]> =>
  (await c.query<{ owner: number; k: string }>(SNAPSHOT, [schemas])).rows
    .map((r) => ({ owner: Number(r.owner), k: r.k }))
    .sort((a, b) => a.owner - b.owner || (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));

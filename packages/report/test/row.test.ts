import { DEFAULT_MODE, detailLegend, fullQuestions, recommend, recordReasons } from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { errorRow, resultRow, tableSchemaOf } from '../src/model/row.js';
import { compactRecord, detailRecord, EXAMPLE_TRAITS, errorRecord } from './support.js';

/** This build's legend of `--detail` streams. */
const LEGEND = detailLegend();

const byTable = (name: string) => {
  const i = EXAMPLE_TRAITS.findIndex((t) => t.table === name);
  return { traits: EXAMPLE_TRAITS[i] as (typeof EXAMPLE_TRAITS)[number], line: i + 1 };
};

describe('reportRow: what the page keeps of a record', () => {
  it('takes the schema from the traits, or from the table name before its last dot', () => {
    expect(tableSchemaOf('shop.public.orders', 'public')).toBe('public');
    expect(tableSchemaOf('shop.public.orders', undefined)).toBe('shop.public');
    expect(tableSchemaOf('orders', undefined)).toBeNull();
    expect(tableSchemaOf('.hidden', undefined)).toBeNull();
    expect(tableSchemaOf(null, undefined)).toBeNull();
  });

  it('keeps a recommended record’s verdict, body, estimates and candidates as the record says', () => {
    const { traits, line } = byTable('shop.public.orders');
    const record = detailRecord(traits, line);
    const row = resultRow(record, 7);
    expect(row).toMatchObject({
      n: 7,
      line,
      table: 'shop.public.orders',
      schema: 'public',
      source: 'postgresql',
      status: 'recommended',
      mode: 'timestamp+incrementing',
      events: 750_000,
      held: 'detail',
      body: record.body,
      rows: 1_200_000,
      horizonHours: 720,
    });
    // The first reason, which a --detail record cites (`recordReasons` gives the sentences).
    expect(row.why).toBe(recordReasons(LEGEND, record)[0]);
    expect(row.why).toMatch(/^Recommended: /);
    expect(row.estimate?.billed).toBe(750_000);
    // The baseline is core's default mode, the mode every new pipeline object starts in.
    expect(row.baseline?.mode).toBe(DEFAULT_MODE);
    expect(row.baseline?.billed).toBe(record.candidates?.find((c) => c.mode === DEFAULT_MODE)?.events.billed);
    expect(row.candidates.map((c) => c.mode)).toEqual(record.candidates?.map((c) => c.mode));
  });

  it('gives a needs_facts row the first fact to establish, with its query in the source’s dialect', () => {
    const { traits, line } = byTable('shop.public.invoices');
    const record = detailRecord(traits, line);
    const row = resultRow(record, line);
    expect(row.status).toBe('needs_facts');
    expect(row.body).toBeNull();
    // The record cites the question's words (`fullQuestions` puts them back).
    const first = fullQuestions(LEGEND, record)[record.candidates?.[0]?.toEstablish?.[0] ?? -1];
    expect(row.why).toBe(`Establish first: ${first?.question}`);
    expect(row.toEstablish[0]?.query).toContain('pg_trigger');
  });

  it('gives a none row what would unlock its closest candidate', () => {
    const { traits, line } = byTable('shop.public.audit_log');
    const record = detailRecord(traits, line);
    const row = resultRow(record, line);
    expect(row.status).toBe('none');
    // The record names the unlocks by finding; the row gives them as `recommend --json` does.
    const advice = recommend(traits);
    const best = advice.ok ? advice.value.candidates[0] : undefined;
    expect(row.why.startsWith(`To unlock \`${best?.mode}\`: ${best?.toUnlock[0]?.action}`)).toBe(true);
    expect(row.toUnlock).toEqual(
      best?.toUnlock.map(({ action, sql }) => (sql === undefined ? { action } : { action, sql })),
    );
  });

  it('keeps a compact record’s row and leaves the details empty', () => {
    const { traits, line } = byTable('crm.dbo.accounts');
    const row = resultRow(compactRecord(traits, line), line);
    expect(row.held).toBe('compact');
    expect(row.schema).toBe('crm.dbo');
    expect(row.source).toBeNull();
    expect(row.candidates).toEqual([]);
    expect(row.baseline).toBeNull();
    expect(row.why).toMatch(/The reasons are not in the input\.$/);
  });

  it('lists an error record as an error row with its message', () => {
    const row = errorRow(errorRecord(4), 4);
    expect(row).toMatchObject({ status: 'error', held: 'error', line: 4, table: null, mode: null });
    expect(row.why).toContain('line 4: not valid JSON');
    expect(row.error.code).toBe('invalid_json');
    // An error row holds its error and the columns of the table, none of a result's details.
    expect(Object.keys(row).sort()).toEqual(
      ['best', 'error', 'events', 'held', 'line', 'mode', 'n', 'schema', 'status', 'table', 'why'].sort(),
    );
  });
});

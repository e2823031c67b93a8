/**
 * The builders of the records of `recommend --ndjson`: each record holds its keys in the order
 * the CLI has always written them, passes the record schema, and an error record is labelled by
 * its issues (an estimate too large to count is `estimate_overflow`, not `invalid_traits`).
 */
import { compactRecordWithReach, type Issue, prepareRecordOptions, recommendRecord } from '@querymode/core';
import { ndjsonRecordSchema } from '@querymode/core/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { issuesRecord } from '../../src/records/recommend-build.js';
import { optionsArb, traitsArb } from '../advisor/traits-arbitrary.js';

const TRAITS = {
  table: 'shop."orders"\n\u202e',
  rows: 1_000,
  columns: [
    { name: 'id', type: 'bigint', nullable: false, primary_key: true, unique: true, auto_increment: true },
    { name: 'updated_at', type: 'timestamp', nullable: false, set_on_update: true },
  ],
  changes: { inserts: 'yes', updates: 'yes', deletes: 'no' },
};

const issue = (code: Issue['code'], message: string): Issue => ({ code, path: [], message }) as Issue;

describe('the records of recommend --ndjson', () => {
  it('holds the keys of each level in order, and passes the schema', () => {
    const keys = (detail: 'compact' | 'reasons' | 'detail', fromFlags: string[] = []) =>
      Object.keys(recommendRecord({ line: 7, value: TRAITS, options: {}, detail, fromFlags }));
    const verdict = ['line', 'ok', 'status', 'table', 'mode', 'best', 'body', 'events'];
    expect(keys('compact')).toEqual([...verdict, 'misses', 'warnings']);
    expect(keys('reasons', ['pipeline_mode'])).toEqual([...verdict, 'reasons', 'from_flags']);
    expect(keys('detail', ['pipeline_mode'])).toEqual([
      ...verdict,
      'reasons',
      'traits',
      'findings',
      'questions',
      'texts',
      'kinds',
      'fields',
      'estimate',
      'candidates',
      'withinReach',
      'from_flags',
    ]);
    for (const detail of ['compact', 'reasons', 'detail'] as const) {
      const record = recommendRecord({ line: 7, value: TRAITS, options: {}, detail });
      expect(record).toMatchObject({ line: 7, ok: true, table: TRAITS.table });
      expect(ndjsonRecordSchema.safeParse(JSON.parse(JSON.stringify(record))).success).toBe(true);
    }
  });

  it('gives an error record for traits the advisor refuses, the line named in its message', () => {
    for (const detail of ['compact', 'reasons', 'detail'] as const) {
      const record = recommendRecord({ line: 3, value: { rows: -1, columns: 'x' }, options: {}, detail });
      expect(record).toMatchObject({
        line: 3,
        ok: false,
        status: 'error',
        error: { code: 'invalid_traits' },
      });
      if (record.ok) continue;
      expect(record.error.message).toMatch(/^line 3: .+ \(and 1 more\)$/);
      expect(ndjsonRecordSchema.safeParse(JSON.parse(JSON.stringify(record))).success).toBe(true);
    }
  });

  it('labels an estimate too large to count as estimate_overflow, anything else as invalid_traits', () => {
    const overflow = issue('estimate_overflow', 'too large');
    expect(issuesRecord(2, [overflow]).error.code).toBe('estimate_overflow');
    expect(issuesRecord(2, [overflow, issue('invalid_type', 'bad')]).error).toMatchObject({
      code: 'invalid_traits',
      message: 'line 2: too large (and 1 more)',
    });
  });

  it('makes the same records with the options prepared once as with the options given', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
      },
    );
    const optionsOf = fc.oneof(optionsArb, fc.constant({ unknownEvents: 'soon' }), fc.constant(hostile));
    fc.assert(
      fc.property(traitsArb, optionsOf, (traits, options) => {
        const prepared = prepareRecordOptions(options as never);
        for (const detail of ['compact', 'reasons', 'detail'] as const) {
          const given = recommendRecord({ line: 1, value: traits, options: options as never, detail });
          expect(recommendRecord({ line: 1, value: traits, options: prepared, detail })).toEqual(given);
        }
        const request = { line: 1, value: traits, detail: 'compact' } as const;
        expect(compactRecordWithReach({ ...request, options: prepared })).toEqual(
          compactRecordWithReach({ ...request, options: options as never }),
        );
      }),
      propertyRuns(100, 42),
    );
  });
});

/**
 * Salesforce describes to traits records: each saved shape (REST describe, `sf ... --json`,
 * arrays, the global list), the documented facts of the audit fields, History objects, record
 * counts, and bad or hostile input costing only its own object.
 */
import { readFileSync } from 'node:fs';
import { validateTableTraits } from '@querymode/core';
import { salesforceTraits } from '@querymode/introspect';
import { describe, expect, it } from 'vitest';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/salesforce/${name}`, import.meta.url), 'utf8'));

const account = fixture('org/account.describe.json');
const history = fixture('org/account-history.describe.json');

describe('salesforceTraits', () => {
  it('reads a REST describe and the sf CLI output of the same object alike', () => {
    const rest = salesforceTraits({ describes: [account] });
    const cli = salesforceTraits({ describes: [fixture('account.sf.json')] });
    expect(rest.issues).toEqual([]);
    expect(cli.tables).toEqual(rest.tables);
    const t = rest.tables[0];
    expect(t?.table).toBe('Account');
    expect(t?.source).toBe('salesforce');
    expect(validateTableTraits(t).ok).toBe(true);
  });

  it('gives the audit fields their documented facts, and IsDeleted deletes', () => {
    const t = salesforceTraits({ describes: [account] }).tables[0];
    const col = (name: string) => t?.columns?.find((c) => c.name === name);
    expect(col('Id')).toMatchObject({ type: 'id', unique: true, nullable: false, set_on_insert: true });
    expect(col('Id')?.auto_increment).toBeUndefined();
    expect(col('SystemModstamp')).toMatchObject({ type: 'datetime', nullable: false, set_on_update: true });
    expect(col('LastModifiedDate')).toMatchObject({ set_on_update: false });
    expect(col('CreatedDate')).toMatchObject({ set_on_insert: true, set_on_update: false });
    expect(col('ERP_Number__c')).toMatchObject({ unique: true, nullable: true });
    expect(t?.changes).toEqual({ deletes: 'yes' });
    expect(t?.rows).toBeUndefined();
    expect(t?.notes?.join('\n')).toContain('SELECT COUNT() FROM Account');
  });

  it('reads a History object as inserts only, with its source', () => {
    const t = salesforceTraits({ describes: [history] }).tables[0];
    expect(t?.changes).toMatchObject({ inserts: 'yes', updates: 'no' });
    expect(t?.notes?.join('\n')).toContain('sforce_api_associated_objects_history.htm');
  });

  it('takes record counts as estimates from REST and sf shapes', () => {
    for (const [file, rows] of [
      ['record-counts.json', 200_000],
      ['record-counts.sf.json', 12_000_000],
    ] as const) {
      const r = salesforceTraits({ describes: [account], recordCounts: fixture(file) });
      expect(r.issues).toEqual([]);
      expect(r.tables[0]).toMatchObject({ rows, rows_estimate: true });
    }
  });

  it('gives objects of the global list without describe unknown columns, and merges them with describes', () => {
    const r = salesforceTraits({
      global: fixture('org/global.sobjects.json'),
      describes: [[account, history]],
      recordCounts: fixture('record-counts.json'),
    });
    expect(r.issues).toEqual([]);
    expect(r.tables.map((t) => t.table)).toEqual(['Account', 'AccountHistory', 'Contact', 'LoginEvent']);
    const contact = r.tables.find((t) => t.table === 'Contact');
    expect(contact?.columns).toBeUndefined();
    expect(contact?.rows).toBe(5400);
    expect(contact?.notes?.join('\n')).toContain('sf sobject describe --sobject Contact --json');
  });

  it('keeps every good object when one describe is bad, with an issue at its place', () => {
    const hostile = 'Evil"\\\n$$\u202e__c';
    const r = salesforceTraits({
      describes: [
        account,
        null,
        { name: 'NoFields' },
        { name: 'BadField', fields: [{ type: 'string' }] },
        { status: 1, name: 'NOT_FOUND', message: 'The requested resource does not exist' },
        { name: hostile, fields: [{ name: 'Id', type: 'id' }] },
        { unrelated: true },
      ],
      recordCounts: { sObjects: [{ name: 'Account', count: -1 }] },
    });
    expect(r.tables.map((t) => t.table)).toEqual(['Account', hostile, 'NoFields'].sort());
    expect(r.issues.map((i) => i.code)).toEqual([
      'invalid_describe',
      'invalid_describe',
      'invalid_describe',
      'invalid_record_counts',
      'invalid_describe',
    ]);
    for (const i of r.issues) expect(i.message).not.toMatch(/[\n\u202e]/);
    const evil = r.tables.find((t) => t.table === hostile);
    expect(evil?.notes?.join('\n')).not.toContain('SELECT COUNT() FROM Evil');
  });

  it('stops at wrappers nested deeper than a saved file has', () => {
    let deep: unknown = account;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const r = salesforceTraits({ describes: [deep] });
    expect(r.tables).toEqual([]);
    expect(r.issues).toHaveLength(1);
  });
});

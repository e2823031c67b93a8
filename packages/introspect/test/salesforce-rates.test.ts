/**
 * The change counts of `inspect salesforce:// --look-back` as traits (`measured-changes.ts`): the
 * window is N days exactly on UTC bounds, the queries a describe allows (none without a
 * filterable CreatedDate, no changed count without SystemModstamp), rates per day with
 * `observed_days`, what the describe documents kept where a count says only "none seen", and a
 * count not measured left unknown, never 0.
 */
import { describe, expect, it } from 'vitest';
import { salesforceTraits } from '../src/index.js';
import { changeWindow, countQueries, type MeasuredChanges } from '../src/salesforce/measured-changes.js';
import { acmeOrg } from './support/salesforce-org.js';

const NOW = Date.parse('2026-11-28T15:07:04.512Z');
const WINDOW = changeWindow(7, NOW);
const describeOf = (name: string) => {
  const o = acmeOrg(0).find((x) => x.describe.name === name);
  if (o === undefined) throw new Error(name);
  return o.describe;
};

describe('change counts of --look-back', () => {
  it('counts over N days exactly, on UTC dateTime bounds to the second', () => {
    expect(WINDOW).toEqual({ days: 7, since: '2026-11-21T15:07:04Z', until: '2026-11-28T15:07:04Z' });
  });

  it('asks two counts of a standard object, one of a History object, none of an object without a filterable CreatedDate', () => {
    expect(countQueries('Account', describeOf('Account'), WINDOW)).toEqual({
      queries: [
        {
          object: 'Account',
          kind: 'created',
          soql: 'SELECT COUNT() FROM Account WHERE CreatedDate > 2026-11-21T15:07:04Z AND CreatedDate <= 2026-11-28T15:07:04Z',
        },
        {
          object: 'Account',
          kind: 'changedEarlier',
          soql: 'SELECT COUNT() FROM Account WHERE SystemModstamp > 2026-11-21T15:07:04Z AND SystemModstamp <= 2026-11-28T15:07:04Z AND CreatedDate <= 2026-11-21T15:07:04Z',
        },
      ],
      unmeasured: [],
    });
    const history = countQueries('AccountHistory', describeOf('AccountHistory'), WINDOW);
    expect(history.queries.map((q) => q.kind)).toEqual(['created']);
    expect(history.unmeasured).toEqual(['changed records: it has no SystemModstamp']);
    expect(countQueries('LoginEvent', describeOf('LoginEvent'), WINDOW)).toEqual({
      queries: [],
      unmeasured: ['it has no CreatedDate'],
    });
    const unfilterable = {
      ...describeOf('Account'),
      fields: [{ name: 'CreatedDate', type: 'datetime', filterable: false }],
    };
    expect(countQueries('Account', unfilterable, WINDOW).unmeasured).toEqual([
      'its CreatedDate is not filterable',
    ]);
    expect(countQueries('Bad Name', describeOf('Account'), WINDOW).unmeasured).toEqual([
      'its name is not an API name SOQL can name',
    ]);
  });

  it('gives rates per day and observed_days, keeps what the describe documents, and leaves an unmeasured rate unknown', () => {
    const measured: MeasuredChanges = {
      window: WINDOW,
      objects: new Map([
        ['Account', { created: 3_500, changedEarlier: 1_400, unmeasured: [] }],
        ['AccountHistory', { created: 0, unmeasured: ['changed records: it has no SystemModstamp'] }],
        ['LoginEvent', { unmeasured: ['it has no CreatedDate'] }],
      ]),
    };
    const org = acmeOrg(0).filter((o) =>
      ['Account', 'AccountHistory', 'LoginEvent'].includes(o.describe.name as string),
    );
    const { tables, issues } = salesforceTraits({ describes: org.map((o) => o.describe), measured });
    expect(issues).toEqual([]);
    const [account, history, login] = tables;
    expect(account?.changes).toEqual({
      inserts: 'yes',
      updates: 'yes',
      deletes: 'yes',
      inserts_per_day: 500,
      updates_per_day: 200,
      observed_days: 7,
    });
    // History: "only inserted" is documented; none created in the window says nothing against it.
    expect(history?.changes).toEqual({
      inserts: 'yes',
      updates: 'no',
      deletes: 'yes',
      inserts_per_day: 0,
      observed_days: 7,
    });
    expect(login?.changes).toBeUndefined();
    expect(login?.notes).toContain(
      'changes: not measured over the 7 days to 2026-11-28T15:07:04Z (--look-back): it has no CreatedDate; inserts_per_day stays unknown, never 0.',
    );
    const notes = account?.notes?.join('\n') ?? '';
    expect(notes).toContain(
      'changes: measured in the org over the 7 days to 2026-11-28T15:07:04Z (--look-back), SOQL COUNT() (https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_select_count.htm)',
    );
    expect(notes).toContain(
      '3,500 records created in them, 1,400 records created before them and changed in them',
    );
    expect(notes).toContain('high as net growth');
    expect(notes).toContain('resources_queryall.htm');
  });

  it('gives the same records without counts as the describe files give', () => {
    const describes = acmeOrg(0).map((o) => o.describe);
    const empty: MeasuredChanges = { window: WINDOW, objects: new Map() };
    const plain = salesforceTraits({ describes }).tables;
    const measured = salesforceTraits({ describes, measured: empty }).tables;
    expect(measured.map(({ notes: _n, ...r }) => r)).toEqual(plain.map(({ notes: _n, ...r }) => r));
  });
});

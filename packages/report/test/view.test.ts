import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, formatState, parseState, type ViewState } from '../page/state.js';
import { PAGE_SIZE, pageWindow, RowIndex } from '../page/view.js';
import { reportRow } from '../src/model/row.js';
import type { ReportRow } from '../src/model/types.js';
import { compactRecord, detailRecord, EXAMPLE_TRAITS, errorRecord } from './support.js';

const rows: ReportRow[] = [
  ...EXAMPLE_TRAITS.map((t, i) => reportRow(detailRecord(t, i + 1), i + 1)),
  reportRow(errorRecord(10), 10),
  reportRow(compactRecord({ table: 'orders', rows: 10 }, 11), 11),
];
const index = new RowIndex(rows);
const view = (patch: Partial<ViewState>) => index.select({ ...DEFAULT_STATE, ...patch });

describe('the view in the address', () => {
  it('writes only what differs from the default, and reads back the same view', () => {
    expect(formatState(DEFAULT_STATE)).toBe('');
    const state: ViewState = {
      status: 'needs_facts',
      mode: 'timestamp+incrementing',
      schema: 'dbo',
      q: 'orders & co',
      sort: 'events',
      desc: true,
      page: 3,
      open: [4, 12],
    };
    const hash = formatState(state);
    expect(hash).toBe(
      '#status=needs_facts&mode=timestamp%2Bincrementing&schema=dbo&q=orders+%26+co&sort=-events&page=3&open=4%2C12',
    );
    expect(parseState(hash)).toEqual(state);
  });

  it('falls back to the defaults for what it does not know', () => {
    expect(parseState('#sort=-colour&page=0&open=1,x,-2,1')).toEqual({ ...DEFAULT_STATE, open: [1] });
    expect(parseState('')).toEqual(DEFAULT_STATE);
  });
});

describe('the rows of a view', () => {
  it('filters by status, mode (recommended, or the best candidate), schema and text', () => {
    expect(view({ status: 'needs_facts' }).every((r) => r.status === 'needs_facts')).toBe(true);
    expect(view({ status: 'error' }).map((r) => r.n)).toEqual([10]);
    expect(view({ mode: 'change_tracking' }).map((r) => r.table)).toEqual(['crm.dbo.contacts']);
    expect(view({ schema: 'dbo' }).map((r) => r.table)).toEqual([
      'crm.dbo.accounts',
      'crm.dbo.contacts',
      'crm.dbo.page_views',
    ]);
    expect(view({ q: '  ORDER ' }).map((r) => r.table)).toEqual([
      'shop.public.orders',
      'shop.public.order_events',
      'orders',
    ]);
    expect(view({ q: 'nothing like it' })).toEqual([]);
  });

  it('sorts by a column either way, unknown values last, ties in input order', () => {
    const events = view({ sort: 'events', desc: true });
    const known = events.filter((r) => r.events !== null).map((r) => r.events as number);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(events.slice(known.length).every((r) => r.events === null)).toBe(true);
    expect(
      view({ sort: 'events' })
        .slice(known.length)
        .map((r) => r.n),
    ).toEqual(events.slice(known.length).map((r) => r.n));
    const names = view({ sort: 'table' }).map((r) => r.table);
    expect(names.at(-1)).toBeNull();
    expect(view({ sort: 'status' }).map((r) => r.status)).toEqual([
      ...rows.filter((r) => r.status === 'recommended').map((r) => r.status),
      ...rows.filter((r) => r.status === 'needs_facts').map((r) => r.status),
      ...rows.filter((r) => r.status === 'none').map((r) => r.status),
      'error',
    ]);
  });

  it('cuts pages of 100 rows and keeps the page within them', () => {
    expect(pageWindow(0, 1)).toEqual({ page: 1, pages: 1, from: 0, to: 0 });
    expect(pageWindow(250, 3)).toEqual({ page: 3, pages: 3, from: 200, to: 250 });
    expect(pageWindow(250, 9)).toEqual({ page: 3, pages: 3, from: 200, to: 250 });
    expect(PAGE_SIZE).toBe(100);
  });
});

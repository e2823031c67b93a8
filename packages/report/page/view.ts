/**
 * The rows a view shows: filtered by status, mode, schema and text, sorted, and cut into pages.
 * Pure: no DOM.
 *
 * @module
 */
import { type ReportRow, ROW_STATUSES } from '../src/model/types.js';
import { STATUS_WORDS } from '../src/text.js';
import type { SortKey, ViewState } from './state.js';

/** Rows on one page of the table. */
export const PAGE_SIZE = 100;

/** The mode a row is filed under: the recommended one, or else the best candidate. */
export const modeOf = (row: ReportRow): string | null => row.mode ?? row.best;

/** The text a search looks in, lower-cased: table name, schema, modes, status and short reason. */
function searchText(row: ReportRow): string {
  return [row.table, row.schema, row.mode, row.best, STATUS_WORDS[row.status].label, row.why]
    .filter((x) => x !== null)
    .join('\n')
    .toLowerCase();
}

/** The rows prepared for many views: each with its search text, computed once. */
export class RowIndex {
  readonly rows: readonly ReportRow[];
  private readonly texts: readonly string[];

  constructor(rows: readonly ReportRow[]) {
    this.rows = rows;
    this.texts = rows.map(searchText);
  }

  /** The rows of a view (every page), filtered and sorted. */
  select(state: ViewState): ReportRow[] {
    const q = state.q.trim().toLowerCase();
    const out: ReportRow[] = [];
    this.rows.forEach((row, i) => {
      if (state.status !== '' && row.status !== state.status) return;
      if (state.mode !== '' && modeOf(row) !== state.mode) return;
      if (state.schema !== '' && row.schema !== state.schema) return;
      if (q !== '' && !(this.texts[i] as string).includes(q)) return;
      out.push(row);
    });
    return out.sort(comparator(state.sort, state.desc));
  }
}

const statusRank = (row: ReportRow): number => ROW_STATUSES.indexOf(row.status);

/** Names compare as people read them: `table_2` before `table_10`. */
const collator = new Intl.Collator('en', { numeric: true });

/** The value a row sorts by; null sorts last in either direction. */
function sortValue(row: ReportRow, key: SortKey): string | number | null {
  switch (key) {
    case 'n':
      return row.n;
    case 'table':
      return row.table;
    case 'schema':
      return row.schema;
    case 'status':
      return statusRank(row);
    case 'mode':
      return modeOf(row);
    case 'events':
      return row.events;
  }
}

/** Compares rows by a key, nulls last, then by input position. */
export function comparator(key: SortKey, desc: boolean): (a: ReportRow, b: ReportRow) => number {
  const sign = desc ? -1 : 1;
  return (a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
      return sign * collator.compare(String(x), String(y));
    }
    return a.n - b.n;
  };
}

/** The pages of `count` rows (at least 1), and the page shown: `page`, kept within them. */
export function pageWindow(
  count: number,
  page: number,
): { page: number; pages: number; from: number; to: number } {
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const shown = Math.min(Math.max(1, page), pages);
  const from = (shown - 1) * PAGE_SIZE;
  return { page: shown, pages, from, to: Math.min(count, from + PAGE_SIZE) };
}

/**
 * The table of every record: filters (status, mode, schema, text), sorting by a column header,
 * pages of 100 rows, rows that expand into their details. The view lives in the address's
 * fragment (`state.ts`): every change rewrites it, and opening the address shows the same view.
 * For printing, every row that matches the filters is shown, not only the page.
 *
 * @module
 */
import { type ReportRow, ROW_STATUSES, type RowStatus } from '../src/model/types.js';
import { countOf, formatCount, STATUS_WORDS, visibleName } from '../src/text.js';
import { detailsOf } from './details.js';
import { h, screenReaderText, sentence } from './dom.js';
import { DEFAULT_STATE, formatState, parseState, type SortKey, type ViewState } from './state.js';
import { modeOf, pageWindow, RowIndex } from './view.js';

/** A column of the table. */
interface Column {
  readonly key: SortKey | 'why';
  readonly label: string;
  readonly numeric?: boolean;
}

const statusCell = (status: RowStatus): HTMLElement =>
  h(
    'span',
    { class: 'qm-status', 'data-status': status },
    h('span', { class: 'qm-status-icon', 'aria-hidden': 'true' }),
    STATUS_WORDS[status].label,
  );

function modeCell(row: ReportRow): HTMLElement | string {
  if (row.mode !== null) return h('code', {}, row.mode);
  if (row.best !== null) return h('span', { class: 'qm-muted' }, 'best: ', h('code', {}, row.best));
  return '—';
}

function eventsCell(row: ReportRow): string {
  if (row.status !== 'recommended') return '—';
  return row.events === null ? 'unknown' : formatCount(row.events);
}

/** The name a row goes by. */
const nameOf = (row: ReportRow): string => (row.table === null ? `line ${row.line}` : visibleName(row.table));

/** The table, its controls and its pager, mounted into `root`. */
export class TableApp {
  private readonly index: RowIndex;
  private readonly columns: readonly Column[];
  private state: ViewState;
  private printing = false;
  private readonly status: HTMLSelectElement;
  private readonly mode: HTMLSelectElement;
  private readonly schema: HTMLSelectElement;
  private readonly search: HTMLInputElement;
  private readonly count: HTMLElement;
  private readonly announcer: HTMLElement;
  private readonly headers = new Map<SortKey, HTMLTableCellElement>();
  private readonly body: HTMLTableSectionElement;
  private readonly pager: HTMLElement;

  constructor(root: HTMLElement, rows: readonly ReportRow[], horizon: string) {
    this.index = new RowIndex(rows);
    this.state = parseState(location.hash);
    this.columns = [
      { key: 'n', label: '#', numeric: true },
      { key: 'table', label: 'Table' },
      { key: 'schema', label: 'Schema' },
      { key: 'status', label: 'Status' },
      { key: 'mode', label: 'Mode' },
      { key: 'events', label: `Billed events, ${horizon}`, numeric: true },
      { key: 'why', label: 'Why' },
    ];
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
    this.status = this.select(
      'qm-status',
      'All statuses',
      ROW_STATUSES.filter((s) => counts.has(s)).map((s) => [
        s,
        `${STATUS_WORDS[s].label} (${formatCount(counts.get(s) ?? 0)})`,
      ]),
    );
    const modes = [...new Set(rows.map(modeOf).filter((m): m is string => m !== null))].sort();
    this.mode = this.select(
      'qm-mode',
      'All modes',
      modes.map((m) => [m, m]),
    );
    const schemas = [...new Set(rows.map((r) => r.schema).filter((s): s is string => s !== null))].sort();
    this.schema = this.select(
      'qm-schema',
      'All schemas',
      schemas.map((s) => [s, visibleName(s)]),
    );
    this.search = h('input', { id: 'qm-q', type: 'search', autocomplete: 'off', spellcheck: 'false' });
    const reset = h('button', { type: 'button', id: 'qm-reset' }, 'Clear the filters');
    this.count = h('p', { id: 'qm-count', role: 'status' });
    this.announcer = h('p', { class: 'qm-sr', 'aria-live': 'polite' });
    this.body = h('tbody', { id: 'qm-rows' });
    this.pager = h('nav', { class: 'qm-pager', 'aria-label': 'Pages of the table' });

    const form = h(
      'form',
      { class: 'qm-filters', role: 'search', 'aria-label': 'Filter the tables' },
      this.field('Status', this.status),
      this.field('Mode (recommended, or best candidate)', this.mode),
      this.field('Schema', this.schema),
      this.field('Find text', this.search),
      reset,
    );
    form.addEventListener('submit', (e) => e.preventDefault());
    for (const control of [this.status, this.mode, this.schema])
      control.addEventListener('change', () => this.update(this.filtersFromControls()));
    this.search.addEventListener('input', () => this.update(this.filtersFromControls()));
    reset.addEventListener('click', () =>
      this.update({ ...DEFAULT_STATE, sort: this.state.sort, desc: this.state.desc }),
    );

    const table = h(
      'table',
      { class: 'qm-table', id: 'qm-table' },
      h('caption', { class: 'qm-sr' }, 'Every record: select a column header to sort by it'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', class: 'qm-expand-cell' }, screenReaderText('Details')),
          ...this.columns.map((c) => this.header(c)),
        ),
      ),
      this.body,
    );
    this.body.addEventListener('click', (e) => this.toggleFrom(e.target));
    root.replaceChildren(
      form,
      this.count,
      h('div', { class: 'qm-scroll' }, table),
      this.pager,
      this.announcer,
    );

    addEventListener('hashchange', () => {
      this.state = parseState(location.hash);
      this.render();
    });
    addEventListener('beforeprint', () => {
      this.printing = true;
      this.render();
    });
    addEventListener('afterprint', () => {
      this.printing = false;
      this.render();
    });
    this.render();
  }

  /** Reads a message to screen readers. */
  readonly announce = (text: string): void => {
    this.announcer.textContent = text;
  };

  private select(
    id: string,
    all: string,
    options: readonly (readonly [string, string])[],
  ): HTMLSelectElement {
    return h(
      'select',
      { id },
      h('option', { value: '' }, all),
      ...options.map(([value, label]) => h('option', { value }, label)),
    );
  }

  private field(label: string, control: HTMLElement): HTMLElement {
    return h('div', { class: 'qm-field' }, h('label', { for: control.id }, label), control);
  }

  private header(column: Column): HTMLTableCellElement {
    const th = h('th', { scope: 'col', class: column.numeric ? 'qm-right' : undefined });
    if (column.key === 'why') {
      th.textContent = column.label;
      return th;
    }
    const key = column.key;
    const button = h(
      'button',
      { type: 'button', class: 'qm-sort', 'data-sort': key },
      column.label,
      h('span', { class: 'qm-sort-icon', 'aria-hidden': 'true' }),
    );
    button.addEventListener('click', () =>
      this.update({
        ...this.state,
        sort: key,
        desc: this.state.sort === key ? !this.state.desc : key === 'events',
        page: 1,
      }),
    );
    // Chromium paints no button in the header it repeats on each printed page: print a plain label.
    th.append(button, h('span', { class: 'qm-print-only', 'aria-hidden': 'true' }, column.label));
    this.headers.set(key, th);
    return th;
  }

  private filtersFromControls(): ViewState {
    return {
      ...this.state,
      status: this.status.value,
      mode: this.mode.value,
      schema: this.schema.value,
      q: this.search.value,
      page: 1,
    };
  }

  /** Shows a new view and writes it into the address (replacing it: no history entry per key). */
  private update(next: ViewState): void {
    this.state = next;
    const url = `${location.href.split('#')[0]}${formatState(next)}`;
    history.replaceState(null, '', url);
    this.render();
  }

  private toggleFrom(target: EventTarget | null): void {
    const button = (target as HTMLElement | null)?.closest?.('button.qm-expand');
    if (!(button instanceof HTMLButtonElement)) return;
    const n = Number(button.dataset.n);
    const open = this.state.open.includes(n)
      ? this.state.open.filter((x) => x !== n)
      : [...this.state.open, n];
    this.update({ ...this.state, open });
    (this.body.querySelector(`button.qm-expand[data-n="${n}"]`) as HTMLButtonElement | null)?.focus();
  }

  private rowElements(row: ReportRow, open: boolean): HTMLTableRowElement[] {
    const detailId = `qm-detail-${row.n}`;
    const expand = h(
      'button',
      {
        type: 'button',
        class: 'qm-expand',
        'data-n': row.n,
        'aria-expanded': open ? 'true' : 'false',
        'aria-controls': open ? detailId : undefined,
      },
      h('span', { class: 'qm-expand-icon', 'aria-hidden': 'true' }),
      screenReaderText(`Details of ${nameOf(row)}`),
    );
    const tr = h(
      'tr',
      { 'data-n': row.n, 'data-status': row.status },
      h('td', { class: 'qm-expand-cell' }, expand),
      h('td', { class: 'qm-right qm-muted' }, String(row.n)),
      h('th', { scope: 'row', class: 'qm-name' }, nameOf(row)),
      h('td', {}, row.schema === null ? '—' : visibleName(row.schema)),
      h('td', {}, statusCell(row.status)),
      h('td', { class: 'qm-mode' }, modeCell(row)),
      h('td', { class: 'qm-right' }, eventsCell(row)),
      h('td', { class: 'qm-why' }, sentence(row.why)),
    );
    if (!open) return [tr];
    const detail = h(
      'tr',
      { id: detailId, class: 'qm-detail-row' },
      h('td', { colspan: this.columns.length + 1 }, detailsOf(row, this.announce)),
    );
    return [tr, detail];
  }

  private render(): void {
    const s = this.state;
    this.status.value = s.status;
    this.mode.value = s.mode;
    this.schema.value = s.schema;
    if (this.search.value !== s.q) this.search.value = s.q;
    for (const [key, th] of this.headers) {
      if (key === s.sort) th.setAttribute('aria-sort', s.desc ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    }
    const rows = this.index.select(s);
    const total = this.index.rows.length;
    const w = this.printing
      ? { page: 1, pages: 1, from: 0, to: rows.length }
      : pageWindow(rows.length, s.page);
    const open = new Set(s.open);
    const elements: HTMLTableRowElement[] = [];
    for (const row of rows.slice(w.from, w.to)) elements.push(...this.rowElements(row, open.has(row.n)));
    this.body.replaceChildren(...elements);
    const of = rows.length === total ? '' : ` of ${formatCount(total)}`;
    this.count.textContent =
      rows.length === 0
        ? `No record matches the filters (of ${formatCount(total)}).`
        : `Showing ${formatCount(w.from + 1)}–${formatCount(w.to)} of ${countOf(rows.length, 'record')}${rows.length === total ? '' : ' matching the filters'}${of}.`;
    this.renderPager(w.page, w.pages);
  }

  private renderPager(page: number, pages: number): void {
    if (pages <= 1) {
      this.pager.replaceChildren();
      return;
    }
    const go = (to: number) => () => this.update({ ...this.state, page: to });
    const previous = h('button', { type: 'button', disabled: page <= 1 }, 'Previous page');
    const next = h('button', { type: 'button', disabled: page >= pages }, 'Next page');
    previous.addEventListener('click', go(page - 1));
    next.addEventListener('click', go(page + 1));
    this.pager.replaceChildren(previous, h('span', {}, `Page ${page} of ${pages}`), next);
  }
}

/**
 * The view of the table (filters, text, sort, page, open rows) and its place in the address's
 * fragment, so that a link reopens the same view: `#status=needs_facts&q=orders&sort=-events`.
 * Values the page does not know fall back to their defaults. Pure: no DOM.
 *
 * @module
 */

/** The columns the table sorts by. */
export const SORT_KEYS = ['n', 'table', 'schema', 'status', 'mode', 'events'] as const;

/** A column the table sorts by. */
export type SortKey = (typeof SORT_KEYS)[number];

/** What the table shows. */
export interface ViewState {
  /** A row status, or '' for all. */
  readonly status: string;
  /** A mode (the recommended one, or the best candidate), or '' for all. */
  readonly mode: string;
  /** A schema, or '' for all. */
  readonly schema: string;
  /** Text to find in the table name, schema, modes and short reason; '' for all. */
  readonly q: string;
  readonly sort: SortKey;
  readonly desc: boolean;
  /** The page, from 1. */
  readonly page: number;
  /** The expanded rows, by their position in the input. */
  readonly open: readonly number[];
}

/** The view of a page opened without a fragment: every row, in input order. */
export const DEFAULT_STATE: ViewState = {
  status: '',
  mode: '',
  schema: '',
  q: '',
  sort: 'n',
  desc: false,
  page: 1,
  open: [],
};

const isSortKey = (value: string): value is SortKey => (SORT_KEYS as readonly string[]).includes(value);

/** A positive integer from text, or undefined. */
function positive(text: string): number | undefined {
  return /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : undefined;
}

/** The view a fragment (`#...`, with or without the `#`) describes. */
export function parseState(hash: string): ViewState {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const sortText = params.get('sort') ?? '';
  const desc = sortText.startsWith('-');
  const sort = desc ? sortText.slice(1) : sortText;
  const open = (params.get('open') ?? '')
    .split(',')
    .map(positive)
    .filter((n): n is number => n !== undefined);
  return {
    status: params.get('status') ?? '',
    mode: params.get('mode') ?? '',
    schema: params.get('schema') ?? '',
    q: params.get('q') ?? '',
    sort: isSortKey(sort) ? sort : DEFAULT_STATE.sort,
    desc: isSortKey(sort) && desc,
    page: positive(params.get('page') ?? '') ?? 1,
    open: [...new Set(open)],
  };
}

/** The fragment of a view, `#...`, or '' for the default view. Keys in a fixed order, defaults left out. */
export function formatState(state: ViewState): string {
  const params = new URLSearchParams();
  if (state.status !== '') params.set('status', state.status);
  if (state.mode !== '') params.set('mode', state.mode);
  if (state.schema !== '') params.set('schema', state.schema);
  if (state.q !== '') params.set('q', state.q);
  if (state.sort !== DEFAULT_STATE.sort || state.desc)
    params.set('sort', `${state.desc ? '-' : ''}${state.sort}`);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.open.length > 0) params.set('open', state.open.join(','));
  const text = params.toString();
  return text === '' ? '' : `#${text}`;
}

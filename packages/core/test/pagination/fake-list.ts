/**
 * A fake list endpoint for pagination tests: a list split into pages, opaque cursors the client
 * cannot guess, and a record of every request. Faults can be injected per request.
 *
 * @module
 */
import type { ListParams } from '@querymode/core';

/** What the fake endpoint does on one request instead of answering normally. */
export type Fault =
  | { readonly kind: 'reject' }
  | { readonly kind: 'malformed'; readonly body: unknown }
  | { readonly kind: 'count_off' }
  | { readonly kind: 'repeat_cursor' /* ignored on a request without starting_after */ };

/** A fake list endpoint. */
export interface FakeList<T> {
  /** The page fetcher to give to `paginate`. */
  readonly fetchPage: (params: ListParams, signal?: unknown) => Promise<unknown>;
  /** Every request received, in order. */
  readonly requests: ListParams[];
  /** The cursor each page returns (`undefined` for the last page). */
  readonly cursors: readonly (string | undefined)[];
  /** The pages of the list. */
  readonly pages: readonly (readonly T[])[];
  /** Faults by request index (0-based); a request with a fault gets the fault, not the page. */
  readonly faults: Map<number, Fault>;
}

/** Splits `items` into pages of the given sizes (the last page takes what is left). */
export function split<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const pages: T[][] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= items.length) break;
    pages.push(items.slice(at, at + size));
    at += size;
  }
  if (at < items.length || pages.length === 0) pages.push(items.slice(at));
  return pages;
}

/**
 * A fake endpoint serving `pages` in order. Page k's cursor is an opaque token (`tok-<k>-<salt>`
 * reversed), mapped back to k on the server side only; an unknown cursor is rejected.
 */
export function fakeList<T>(pages: readonly (readonly T[])[], salt = 'q7'): FakeList<T> {
  const cursors = pages.map((_, k) =>
    k < pages.length - 1 ? [...`tok-${k}-${salt}`].reverse().join('') : undefined,
  );
  const byCursor = new Map<string, number>();
  cursors.forEach((c, k) => {
    if (c !== undefined) byCursor.set(c, k + 1);
  });
  const requests: ListParams[] = [];
  const faults = new Map<number, Fault>();
  const fetchPage = async (params: ListParams): Promise<unknown> => {
    const index = requests.length;
    requests.push(params);
    const k = params.starting_after === undefined ? 0 : byCursor.get(params.starting_after);
    if (k === undefined) throw new Error(`unknown cursor ${params.starting_after}`);
    const data = pages[k] ?? [];
    const cursor = cursors[k];
    const fault = faults.get(index);
    if (fault?.kind === 'reject') throw new Error('network down');
    if (fault?.kind === 'malformed') return fault.body;
    if (fault?.kind === 'count_off') {
      return { data, pagination: { starting_after: cursor ?? 'extra', count: data.length + 1 } };
    }
    // The cursor of the request itself comes back: only possible once the client has a cursor.
    if (fault?.kind === 'repeat_cursor' && params.starting_after !== undefined) {
      return { data, pagination: { starting_after: params.starting_after, count: data.length } };
    }
    return cursor === undefined
      ? { data: [...data] }
      : { data: [...data], pagination: { starting_after: cursor, count: data.length } };
  };
  return { fetchPage, requests, cursors, pages, faults };
}

/** Reads a list fully with `next()`, returning the items and the error that stopped it, if any. */
export async function drain<T>(list: AsyncIterator<T>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = [];
  try {
    for (;;) {
      const r = await list.next();
      if (r.done) return { items, error: undefined };
      items.push(r.value);
    }
  } catch (error) {
    return { items, error };
  }
}

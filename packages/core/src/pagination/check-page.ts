/**
 * The hand-written checker of one list response envelope (docs/service.md#pagination): the fast path of
 * pagination, with no zod. The zod schema of record is `listEnvelopeSchema` in
 * `@querymode/core/schemas`; a differential property test holds the two equal (same accepted
 * inputs, same values).
 *
 * @module
 */

import { describeValue } from '../issues/describe.js';
import { invalidTypeIssue } from '../issues/invalid-type.js';
import { isRecord } from '../issues/is-record.js';
import { makeIssue } from '../issues/make-issue.js';
import type { Issue, Result } from '../issues/types.js';
import { neverThrows } from '../issues/unreadable.js';

/** A checked page: its elements and, when `pagination` is present, the next cursor and count. */
export interface CheckedListPage {
  /** `data`, the elements of the page (the input's own array, not copied). */
  readonly data: unknown[];
  /** `pagination.starting_after`, or undefined when `pagination` is absent (the last page). */
  readonly next: string | undefined;
  /** `pagination.count`, present only when `pagination` is. */
  readonly count?: number;
}

const COUNT_MAX = Number.MAX_SAFE_INTEGER;

function checkPagination(
  pagination: Record<string, unknown>,
  issues: Issue[],
): { next: string; count: number } | undefined {
  const before = issues.length;
  const next = pagination.starting_after;
  const count = pagination.count;
  if (next === undefined && !('starting_after' in pagination)) {
    issues.push(
      makeIssue({ code: 'missing_field', path: ['pagination', 'starting_after'], field: 'starting_after' }),
    );
  } else if (typeof next !== 'string') {
    issues.push(invalidTypeIssue(['pagination', 'starting_after'], 'string', next));
  } else if (next.length === 0) {
    issues.push(makeIssue({ code: 'empty_string', path: ['pagination', 'starting_after'] }));
  }
  if (count === undefined && !('count' in pagination)) {
    issues.push(makeIssue({ code: 'missing_field', path: ['pagination', 'count'], field: 'count' }));
  } else if (typeof count !== 'number' || !Number.isInteger(count)) {
    issues.push(invalidTypeIssue(['pagination', 'count'], 'integer', count));
  } else if (count < 0 || count > COUNT_MAX) {
    issues.push(
      makeIssue({
        code: 'invalid_number',
        expected: `an integer from ${0} to ${COUNT_MAX}`,
        path: ['pagination', 'count'],
        min: 0,
        max: COUNT_MAX,
        received: describeValue(count),
      }),
    );
  }
  return issues.length === before ? { next: next as string, count: count as number } : undefined;
}

function check(page: unknown): Result<CheckedListPage> {
  if (!isRecord(page)) {
    return {
      ok: false,
      issues: [invalidTypeIssue([], 'object', page)],
    };
  }
  const issues: Issue[] = [];
  const data = page.data;
  if (data === undefined && !('data' in page)) {
    issues.push(makeIssue({ code: 'missing_field', path: ['data'], field: 'data' }));
  } else if (!Array.isArray(data)) {
    issues.push(invalidTypeIssue(['data'], 'array', data));
  }
  const pagination = page.pagination;
  let checked: { next: string; count: number } | undefined;
  if (pagination !== undefined) {
    if (isRecord(pagination)) checked = checkPagination(pagination, issues);
    else {
      issues.push(invalidTypeIssue(['pagination'], 'object', pagination));
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  const value: CheckedListPage =
    checked === undefined
      ? { data: data as unknown[], next: undefined }
      : { data: data as unknown[], next: checked.next, count: checked.count };
  return { ok: true, value };
}

/**
 * Checks one list response envelope (docs/service.md#pagination): an object with `data` (an array) and, only when
 * more elements exist, `pagination` with `starting_after` (a non-empty string) and `count` (an
 * integer >= 0). Unknown keys are tolerated at both levels, as by `listEnvelopeSchema`;
 * `pagination: null` is an issue, not the end of the list. Whether `count` equals `data.length`
 * is left to the caller (`paginate` checks it). Never throws: input that cannot be read (a
 * throwing getter or proxy) gives an `unreadable_input` issue.
 */
export function checkListPage(page: unknown): Result<CheckedListPage> {
  return neverThrows(check, [page]);
}

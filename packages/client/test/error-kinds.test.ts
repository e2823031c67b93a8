/**
 * The kinds of the client's errors are core's `CLIENT_ERROR_KINDS`, which the records of
 * `querymode apply` carry: every error class the client exports has one of them, and every one
 * of them has its class.
 */
import { CLIENT_ERROR_KINDS as CORE_KINDS } from '@querymode/core';
import { expect, it } from 'vitest';
import * as client from '../src/index.js';

const info = { method: 'PUT', path: '/pipelines/p/objects/o/query-mode', attempts: 1, status: 500, body: '' };

/** One error of each class the client exports, made with plain arguments. */
function oneOfEach(): client.QueryModeClientError[] {
  const out: client.QueryModeClientError[] = [];
  for (const value of Object.values(client)) {
    if (typeof value !== 'function' || !(value.prototype instanceof client.QueryModeClientError)) continue;
    if (value === client.QueryModeHttpError) continue; // abstract
    const make = value as unknown as new (...args: unknown[]) => client.QueryModeClientError;
    out.push(
      value === client.InvalidRequestError ? new make('PUT', info.path, []) : new make(info, undefined),
    );
  }
  return out;
}

it("re-exports core's list", () => {
  expect(client.CLIENT_ERROR_KINDS).toBe(CORE_KINDS);
});

it('has one error class per kind, and no kind without its class', () => {
  const kinds = oneOfEach().map((e) => e.kind);
  expect([...kinds].sort()).toEqual([...CORE_KINDS].sort());
});

/**
 * The client's results are core's `Result`: a `ClientResult` is a `Result` of the client's
 * issues whose failure also carries the typed error, and `createClient` returns a `Result`.
 */
import type { Result } from '@querymode/core';
import { expectTypeOf, test } from 'vitest';
import type {
  ClientIssue,
  ClientResult,
  createClient,
  QueryModeClient,
  QueryModeClientError,
} from '../src/index.js';

test('ClientResult is a Result with an error on failure', () => {
  expectTypeOf<ClientResult<number>>().toExtend<Result<number, ClientIssue>>();
  expectTypeOf<Extract<ClientResult<number>, { ok: false }>['error']>().toEqualTypeOf<QueryModeClientError>();
  expectTypeOf<ReturnType<typeof createClient>>().toEqualTypeOf<Result<QueryModeClient, ClientIssue>>();
});

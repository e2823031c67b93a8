/**
 * `QueryModeClient`: sets query modes (docs/service.md#endpoint) and reads cursor-paginated lists
 * (docs/service.md#pagination)
 * through `fetch`, with core's validation before sending and core's `paginate` for the lists.
 *
 * @module
 */
import {
  type BodyProfile,
  type Failure,
  jsonDepthExceeds,
  type PageIterator,
  paginate,
  type Result,
  type Success,
  TOO_DEEP_MESSAGE,
  validateQueryModeBody,
} from '@querymode/core';
import type { Pipeline, QueryModeBody } from './api-types.js';
import { InvalidRequestError, InvalidResponseError, type QueryModeClientError } from './errors.js';
import type { ClientIssue } from './issues.js';
import { clientIssue } from './issues.js';
import type { RateLimiter } from './limiter.js';
import { type ClientConfig, type ClientOptions, resolveClientConfig } from './options.js';
import { checkSegment, objectsPath, PIPELINES_PATH, queryModePath } from './paths.js';
import { notTheApiAnswer } from './put-answer.js';
import { send, type TransportConfig } from './transport.js';

/**
 * A result of the client: core's `Result` whose failure also carries a typed error. `issues` lists what is wrong with the input
 * when the client sent nothing (`InvalidRequestError`); it is empty for errors of the server or network.
 */
export type ClientResult<T> = Success<T> | (Failure<ClientIssue> & { readonly error: QueryModeClientError });

/**
 * What the query-mode PUT answered. Its body is not documented; its status is 200 or 204
 * (docs/service.md#status-codes). Only an answer the API can give is a success: a 204, a 200 with
 * no body, or a 200 with a JSON object that does not contradict the change (`put-answer.ts`);
 * anything else is an `InvalidResponseError`.
 */
export interface SetQueryModeResponse {
  /** The HTTP status (documented at 200 or 204). */
  readonly status: number;
  /** The response body: parsed JSON, else the text, else undefined (the service documents none). */
  readonly body: unknown;
  /** How many attempts it took. */
  readonly attempts: number;
  /** The body that was sent: the input as core validated it. */
  readonly sent: QueryModeBody;
}

/** Options of one call. */
export interface CallOptions {
  /** Aborts the call: waiting, sending and retrying stop, and the result is an `AbortedError`. */
  readonly signal?: AbortSignal;
  /**
   * Stops the call gently: once aborted, no new attempt starts and a wait for a rate-limit slot or
   * a retry ends (an `AbortedError`; `attempts` 0 means nothing was sent), but an attempt in
   * flight runs to its end. For Ctrl-C: nothing more is sent, and what is in flight may finish.
   */
  readonly stop?: AbortSignal;
}

/** Options of {@link QueryModeClient.setQueryMode}. */
export interface SetQueryModeOptions extends CallOptions {
  /**
   * Which rules the body must pass before it is sent: `strict` (default), querymode's strict
   * profile, stricter than the service's documentation (every column field of the mode and
   * `historical_enabled` required, other keys rejected, column names non-empty without white space
   * at either end); or `documented`, only what the service's documentation states (any string as a
   * column name; other keys are sent as given).
   */
  readonly profile?: BodyProfile;
}

/** Options of a list. */
export interface ListOptions<T> extends CallOptions {
  /** The page size, an integer from 1 to 100, sent on every request (docs/service.md#pagination). */
  readonly limit?: number;
  /** Resume after this cursor (a `PaginationError`'s `lastGoodCursor`). */
  readonly startingAfter?: string;
  /** Checks each element; a page with a rejected element is a `malformed_page` error. */
  readonly itemGuard?: (item: unknown) => item is T;
}

/**
 * A source object of a pipeline, from `GET /pipelines/{pipeline_id}/objects`, which the service's API
 * documentation does not show (docs/service.md#object-list): objects carry at least `name`, `status` and `last_run_ts`; treat fields as examples.
 */
export type PipelineObject = Record<string, unknown>;

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

const fail = <T>(error: QueryModeClientError, issues: readonly ClientIssue[] = []): ClientResult<T> => ({
  ok: false,
  error,
  issues,
});

/** A client of the API; make one with {@link createClient}. */
export class QueryModeClient {
  /** The base URL the caller gave (without the API prefix). */
  readonly baseUrl: string;
  /** The profile `setQueryMode` checks bodies in when a call does not say (`createClient`'s `profile`). */
  readonly profile: BodyProfile;
  readonly #config: TransportConfig;

  /** @internal Use {@link createClient}. */
  constructor(config: ClientConfig) {
    this.baseUrl = config.baseUrl;
    this.profile = config.profile;
    this.#config = config;
  }

  /** The rate limiter in front of every request, if any. */
  get limiter(): RateLimiter | undefined {
    return this.#config.limiter;
  }

  /**
   * Sets the query mode of a source object (docs/service.md#endpoint). The body is validated with core first, in
   * the profile `options.profile` names, else the client's (`createClient`'s `profile`, querymode's
   * strict profile by default): an invalid body (or an
   * empty path parameter) is returned as `issues` with an `InvalidRequestError`, and nothing is sent. A 2xx that is not
   * the API's answer (a web page, a JSON array) is an `InvalidResponseError`. The PUT is retried only when it surely changed
   * nothing (a refused connection, a 429); after a 5xx or a timeout only with
   * `retry.resendUncertain` (a mode change restarts ingestion). Never throws.
   *
   * @example
   * const r = await client.setQueryMode('p-1', 'dbo.orders', {
   *   config: { mode: 'timestamp', timestamp_column_name: 'updated_at' },
   * });
   * if (!r.ok) console.error(r.error.kind, r.error.message, r.issues);
   */
  async setQueryMode(
    pipelineId: string,
    objectName: string,
    body: QueryModeBody,
    options: SetQueryModeOptions = {},
  ): Promise<ClientResult<SetQueryModeResponse>> {
    const issues: ClientIssue[] = [];
    const idOk = checkSegment(pipelineId, 'pipeline_id', issues);
    const nameOk = checkSegment(objectName, 'object_name', issues);
    const path =
      idOk && nameOk
        ? queryModePath(pipelineId, objectName)
        : '/pipelines/{pipeline_id}/objects/{object_name}/query-mode';
    const checked = validateQueryModeBody(body, { profile: options.profile ?? this.profile });
    if (!checked.ok) issues.push(...checked.issues);
    // The documented profile sends other keys as given: one nested thousands deep cannot be sent.
    else if (jsonDepthExceeds(checked.value))
      issues.push(clientIssue('too_deep', [], `the body is ${TOO_DEEP_MESSAGE}`));
    if (issues.length > 0 || !checked.ok) return fail(new InvalidRequestError('PUT', path, issues), issues);
    const sent = checked.value as QueryModeBody;
    const outcome = await send(this.#config, {
      method: 'PUT',
      path,
      body: JSON.stringify(sent),
      signal: options.signal,
      stop: options.stop,
    });
    // The service documents no error body: a 400's body is on the error (`BadRequestError.body`).
    if (!outcome.ok) return fail(outcome.error);
    const { status, body: answered, attempts, contentType } = outcome.value;
    const wrong = notTheApiAnswer(outcome.value, sent.config.mode);
    if (wrong !== undefined) {
      const info = { method: 'PUT', path, status, attempts, body: answered, contentType };
      return fail(new InvalidResponseError(info, wrong));
    }
    return { ok: true, value: { status, body: answered, attempts, sent } };
  }

  /**
   * The pipelines (docs/service.md#pagination), auto-paginated with core's `paginate`: `for await`, `.pages()`,
   * `.toArray({ max })`, or `await` for the first page. A failure rejects with a `PaginationError`
   * whose `cause` is the client error and whose `lastGoodCursor` resumes the list.
   *
   * @example
   * for await (const pipeline of client.listPipelines({ limit: 100 })) console.log(pipeline);
   */
  listPipelines(options: ListOptions<Pipeline> = {}): PageIterator<Pipeline> {
    return this.list<Pipeline>(PIPELINES_PATH, options);
  }

  /**
   * The source objects of a pipeline: `GET /pipelines/{pipeline_id}/objects`, paginated like the
   * pipelines; the service's API documentation does not show it (docs/service.md#object-list). See {@link listPipelines}.
   */
  listObjects(pipelineId: string, options: ListOptions<PipelineObject> = {}): PageIterator<PipelineObject> {
    const issues: ClientIssue[] = [];
    if (!checkSegment(pipelineId, 'pipeline_id', issues)) {
      return this.#failingList(
        new InvalidRequestError('GET', '/pipelines/{pipeline_id}/objects', issues),
        options,
      );
    }
    return this.list<PipelineObject>(objectsPath(pipelineId), options);
  }

  /**
   * Any list endpoint, by its path after the API prefix (`/pipelines`): the same query
   * parameters and envelope are stated for list responses in general (docs/service.md#pagination). Path
   * segments must already be encoded (`encodeSegment`).
   */
  list<T = unknown>(path: string, options: ListOptions<T> = {}): PageIterator<T> {
    if (typeof path !== 'string' || !path.startsWith('/') || /[?#]/.test(path)) {
      const issue = clientIssue(
        'invalid_path',
        ['path'],
        'a list path starts with "/" and has no query string or fragment',
      );
      return this.#failingList(new InvalidRequestError('GET', String(path), [issue]), options);
    }
    return paginate<T, AbortSignal>(async (params, signal) => {
      const query = new URLSearchParams();
      if (params.limit !== undefined) query.set('limit', String(params.limit));
      if (params.starting_after !== undefined) query.set('starting_after', params.starting_after);
      const search = query.toString();
      const outcome = await send(this.#config, {
        method: 'GET',
        path: search === '' ? path : `${path}?${search}`,
        signal,
      });
      if (!outcome.ok) throw outcome.error;
      const { body, status, attempts } = outcome.value;
      if (typeof body !== 'object' || body === null) {
        throw new InvalidResponseError(
          { method: 'GET', path, status, attempts, body },
          'a body that is not a JSON object',
        );
      }
      return body;
    }, listOptions(options));
  }

  /** A list whose every read fails with `error` (an input the client rejected before sending). */
  #failingList<T>(error: QueryModeClientError, options: ListOptions<T>): PageIterator<T> {
    return paginate<T, AbortSignal>(() => Promise.reject(error), listOptions(options));
  }

  /** The client as plain data, without credentials. */
  toJSON(): { readonly baseUrl: string; readonly credentials: string } {
    return { baseUrl: this.baseUrl, credentials: '[redacted]' };
  }

  /** For `util.inspect` and `console.log`: the base URL, credentials redacted. */
  [INSPECT](): string {
    return `QueryModeClient { baseUrl: '${this.baseUrl}', credentials: [redacted] }`;
  }
}

function listOptions<T>(options: ListOptions<T>) {
  return {
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(options.startingAfter === undefined ? {} : { startingAfter: options.startingAfter }),
    ...(options.itemGuard === undefined ? {} : { itemGuard: options.itemGuard }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
}

/**
 * Makes a client, or returns the issues of the options (a missing base URL or credential, a
 * malformed option). Never throws; the issues never quote a credential.
 *
 * @example
 * const made = createClient({ baseUrl: 'https://<regional host>' }); // key and secret from the environment
 * if (!made.ok) throw new Error(made.issues.map((i) => i.message).join('; '));
 * const client = made.value;
 */
export function createClient(options?: ClientOptions): Result<QueryModeClient, ClientIssue> {
  const resolved = resolveClientConfig(options);
  if (!resolved.ok) return resolved;
  return { ok: true, value: new QueryModeClient(resolved.value) };
}

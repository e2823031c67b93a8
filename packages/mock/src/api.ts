/**
 * The mock of the API, independent of any server: a request in, a reply out. The node:http server
 * (`server.ts`) and the in-process fetch handler (`fetch.ts`) both call {@link MockApi.handle}.
 *
 * What the mock answers, and where each answer comes from:
 * - the endpoints of the service's API documentation: `PUT .../objects/{object_name}/query-mode`
 *   (docs/service.md#endpoint) and `GET /pipelines` (docs/service.md#pagination); and
 *   `GET /pipelines/{pipeline_id}/objects`, which that documentation does not show, paginated the
 *   same way (docs/service.md#object-list);
 * - the PUT body checked by core: 400 with the issues; the PUT's answer is 200 with the object
 *   (200 or 204 are documented, docs/service.md#status-codes; the body is the mock's own);
 * - 401 without or with wrong credentials, 403 for the read-only credential's PUT
 *   (docs/service.md#status-codes), 429 over 100 requests a minute with "Request rate limit
 *   exceeded" (the limit and the message are documented, the 429 is the mock's choice:
 *   docs/service.md#rate-limit);
 * - 404 for an unknown pipeline, object or path, 405 for another method (HTTP's own;
 *   docs/service.md#not-found);
 * - `limit` 1..100 enforced (docs/service.md#pagination); without it, a page of {@link DEFAULT_PAGE_SIZE}
 *   (the mock's choice: the service's default is not documented); signed opaque cursors;
 * - every error body is the mock's own: `{ "error": { "code", "message", "issues"? } }` (no error
 *   body is documented: docs/service.md#status-codes).
 *
 * @module
 */
import {
  API_PREFIX,
  BODY_PROFILES,
  type BodyProfile,
  DEFAULT_BODY_PROFILE,
  jsonDepthExceeds,
  TOO_DEEP_MESSAGE,
  validateListLimit,
  validateQueryModeBody,
} from '@querymode/core';
import { Authenticator, generateCredentials, type MockCredentials, type Principal } from './auth.js';
import { type MockClock, realClock } from './clock.js';
import { CursorSigner } from './cursor.js';
import { type FaultSpec, faultFor } from './faults.js';
import { type Fixture, generateFixture } from './fixtures.js';
import { readMockOptions } from './options.js';
import { MockOptionsError } from './options-error.js';
import { type MockRateLimit, RATE_LIMIT_MESSAGE, SERVICE_LIMIT, SlidingWindow } from './rate-limit.js';
import { MockState, type PipelineSnapshot } from './state.js';

/** The page size when a list request has no `limit`: the mock's choice. */
export const DEFAULT_PAGE_SIZE = 20;

/** The path of the mock's state, outside the API prefix. */
export const STATE_PATH = '/__mock/state';

/** The largest request body the mock reads, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A request, as the servers hand it over. */
export interface MockRequest {
  readonly method: string;
  /** The path and query string, such as `/api/public/v2.0/pipelines?limit=10`. */
  readonly url: string;
  /** Header values by lower-case name. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body as text ('' when none). */
  readonly body: string;
  /**
   * The body's size in bytes when the server stopped reading it at the limit (the body is then
   * cut short, and the answer is 413); default the size of `body`.
   */
  readonly bodyBytes?: number;
}

/** A reply, and what the server must do with it. */
export interface MockReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** `drop`: close the connection without answering; `slow`: send the body in pieces over `slowMs`. */
  readonly delivery: 'normal' | 'drop' | 'slow';
  /** For `slow`: how long the body takes, in ms. */
  readonly slowMs: number;
}

/** Options of a mock. */
export interface MockOptions {
  /** The pipelines and objects; default `generateFixture({ seed })`. */
  readonly fixture?: Fixture;
  /** The seed of the generated fixture and of the faults (default 1). */
  readonly seed?: number;
  /** The credential that may read and set query modes; default a random one. */
  readonly credentials?: MockCredentials;
  /** A credential that may only read (its PUTs get 403); default a random one. */
  readonly readOnlyCredentials?: MockCredentials;
  /** The rate limit per API key; default 100 a minute (the service's public documentation; docs/service.md); `false` turns it off. */
  readonly rateLimit?: MockRateLimit | false;
  /** Faults to inject; default none. */
  readonly faults?: FaultSpec;
  /** The clock of the rate limit and the latency; default real time. */
  readonly clock?: MockClock;
  /**
   * Which rules a PUT's body must pass: `strict` (default), querymode's strict profile, stricter
   * than the service's documentation; or `documented`, only what the service's documentation
   * states (other keys are kept). A 400 names the profile.
   */
  readonly profile?: BodyProfile;
}

/** Counts of what the mock answered. */
export interface MockCounters {
  /** API requests received (not counting `/__mock/*`). */
  readonly requests: number;
  /** Replies by status (dropped connections under `dropped`). */
  readonly byStatus: Readonly<Record<string, number>>;
  /** Faults injected, by kind. */
  readonly faults: Readonly<Record<string, number>>;
}

/** What `GET /__mock/state` returns. */
export interface MockStateSnapshot {
  readonly pipelines: readonly PipelineSnapshot[];
  readonly requests: number;
  readonly by_status: Readonly<Record<string, number>>;
  readonly faults: Readonly<Record<string, number>>;
  /** The rate limit and the most requests one key had in a window (those answered 429 included). */
  readonly rate_limit: {
    readonly requests: number;
    readonly window_ms: number;
    readonly max_in_window: number;
    readonly limited: number;
  } | null;
}

const JSON_HEADERS = Object.freeze({ 'content-type': 'application/json' });

const QUERY_MODE_ROUTE = /^\/pipelines\/([^/]+)\/objects\/([^/]+)\/query-mode$/;
const OBJECTS_ROUTE = /^\/pipelines\/([^/]+)\/objects$/;

/** Decodes a percent-encoded path segment; undefined when it is malformed. */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function reply(status: number, body: unknown, headers: Record<string, string> = {}): MockReply {
  return {
    status,
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify(body),
    delivery: 'normal',
    slowMs: 0,
  };
}

/** The mock's own error body. */
function errorReply(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): MockReply {
  return reply(status, { error: { code, message, ...extra } }, headers);
}

/** The stateful mock of the API; see the module comment. */
export class MockApi {
  /** The pipelines and objects. */
  readonly state: MockState;
  /** The credential that may read and set query modes. */
  readonly credentials: MockCredentials;
  /** The read-only credential. */
  readonly readOnlyCredentials: MockCredentials;
  readonly #auth: Authenticator;
  readonly #cursors = new CursorSigner();
  readonly #window: SlidingWindow | undefined;
  readonly #faults: FaultSpec;
  readonly #seed: number;
  readonly #clock: MockClock;
  /** The profile a PUT's body is validated in. */
  readonly profile: BodyProfile;
  #requests = 0;
  readonly #byStatus: Record<string, number> = {};
  readonly #faultCounts: Record<string, number> = {};

  /**
   * A mock from its options, each checked with core's `readOptions` (an unknown key, a wrong
   * type or value, a getter that throws). Throws a {@link MockOptionsError} with core's issues
   * when any is invalid.
   */
  constructor(options: MockOptions = {}) {
    const read = readMockOptions(options);
    if (!read.ok) throw new MockOptionsError(read.issues);
    const o = read.value;
    this.#seed = o.seed ?? 1;
    this.#clock = o.clock ?? realClock;
    this.state = new MockState(o.fixture ?? generateFixture({ seed: this.#seed }));
    this.credentials = o.credentials ?? generateCredentials('mock');
    this.readOnlyCredentials = o.readOnlyCredentials ?? generateCredentials('mock-readonly');
    this.#auth = new Authenticator(this.credentials, this.readOnlyCredentials);
    this.#window =
      o.rateLimit === false ? undefined : new SlidingWindow(o.rateLimit ?? SERVICE_LIMIT, this.#clock);
    this.#faults = o.faults ?? {};
    this.profile = o.profile ?? DEFAULT_BODY_PROFILE;
  }

  /** Counts of what the mock answered so far. */
  counters(): MockCounters {
    return { requests: this.#requests, byStatus: { ...this.#byStatus }, faults: { ...this.#faultCounts } };
  }

  /** The whole state, as `GET /__mock/state` returns it. */
  snapshot(): MockStateSnapshot {
    const w = this.#window;
    return {
      pipelines: this.state.snapshot(),
      requests: this.#requests,
      by_status: { ...this.#byStatus },
      faults: { ...this.#faultCounts },
      rate_limit:
        w === undefined
          ? null
          : {
              requests: w.limit.requests,
              window_ms: w.limit.windowMs,
              max_in_window: w.maxInWindow,
              limited: w.limited,
            },
    };
  }

  #count(result: MockReply): MockReply {
    const key = result.delivery === 'drop' ? 'dropped' : String(result.status);
    this.#byStatus[key] = (this.#byStatus[key] ?? 0) + 1;
    return result;
  }

  #countFault(kind: string): void {
    this.#faultCounts[kind] = (this.#faultCounts[kind] ?? 0) + 1;
  }

  /** Handles one request; never throws. */
  async handle(request: MockRequest): Promise<MockReply> {
    const q = request.url.indexOf('?');
    const path = q < 0 ? request.url : request.url.slice(0, q);
    const query = new URLSearchParams(q < 0 ? '' : request.url.slice(q + 1));
    if (path === STATE_PATH) {
      return request.method === 'GET'
        ? reply(200, this.snapshot())
        : errorReply(
            405,
            'method_not_allowed',
            `${request.method} is not allowed on ${STATE_PATH}`,
            {},
            { allow: 'GET' },
          );
    }
    const n = this.#requests++;
    const fault = faultFor(this.#faults, this.#seed, n);
    if (fault.latencyMs > 0) {
      this.#countFault('latency');
      await this.#clock.sleep(fault.latencyMs);
    }
    if (fault.outcome === 'server_error') {
      this.#countFault('server_error');
      return this.#count(
        errorReply(
          fault.status,
          'injected_server_error',
          'An injected server error (fault injection of the mock).',
        ),
      );
    }
    if (fault.outcome === 'rate_limited') {
      this.#countFault('rate_limited');
      return this.#count(errorReply(429, 'rate_limited', RATE_LIMIT_MESSAGE, {}, { 'retry-after': '1' }));
    }
    const handled = await this.#route(request, path, query);
    if (fault.outcome === 'drop') {
      this.#countFault('drop');
      return this.#count({ ...handled, delivery: 'drop' });
    }
    if (fault.outcome === 'slow') {
      this.#countFault('slow');
      return this.#count({ ...handled, delivery: 'slow', slowMs: this.#faults.slowMs ?? 200 });
    }
    return this.#count(handled);
  }

  async #route(request: MockRequest, path: string, query: URLSearchParams): Promise<MockReply> {
    if (!path.startsWith(`${API_PREFIX}/`)) {
      return errorReply(404, 'not_found', `No such path: every API path starts with ${API_PREFIX}.`);
    }
    const principal = this.#auth.authenticate(request.headers.authorization);
    if (principal === undefined) {
      return errorReply(
        401,
        'unauthorized',
        'Missing or wrong credentials: send authorization: Basic base64(key:secret).',
        {},
        {
          'www-authenticate': 'Basic realm="querymode mock"',
        },
      );
    }
    if (this.#window !== undefined) {
      const retryAfter = this.#window.admit(principal.key);
      if (retryAfter !== undefined) {
        return errorReply(429, 'rate_limited', RATE_LIMIT_MESSAGE, {}, { 'retry-after': String(retryAfter) });
      }
    }
    const route = path.slice(API_PREFIX.length);
    if (route === '/pipelines') {
      if (request.method !== 'GET') return methodNotAllowed(request.method, 'GET');
      return this.#list(query, 'pipelines', this.state.pipelineIds, (id) => this.state.pipelineRecord(id));
    }
    const objects = OBJECTS_ROUTE.exec(route);
    if (objects !== null) {
      if (request.method !== 'GET') return methodNotAllowed(request.method, 'GET');
      const id = decodeSegment(objects[1] as string);
      if (id === undefined || !this.state.hasPipeline(id))
        return errorReply(404, 'pipeline_not_found', 'No pipeline has this pipeline_id.');
      return this.#list(query, `objects:${id}`, this.state.objectNames(id), (name) =>
        this.state.objectRecord(id, name),
      );
    }
    const queryMode = QUERY_MODE_ROUTE.exec(route);
    if (queryMode !== null) {
      if (request.method !== 'PUT') return methodNotAllowed(request.method, 'PUT');
      return this.#setQueryMode(request, principal, queryMode[1] as string, queryMode[2] as string);
    }
    return errorReply(404, 'not_found', 'No such path in the API.');
  }

  /** A page of a list (docs/service.md#pagination): `limit` checked, the cursor verified, the next cursor signed. */
  #list(
    query: URLSearchParams,
    list: string,
    keys: readonly string[],
    record: (key: string) => Record<string, unknown>,
  ): MockReply {
    let limit = DEFAULT_PAGE_SIZE;
    const rawLimit = query.get('limit');
    if (rawLimit !== null) {
      const checked = validateListLimit(/^-?\d+$/.test(rawLimit) ? Number(rawLimit) : rawLimit);
      if (!checked.ok) {
        return errorReply(400, 'invalid_limit', `limit: ${checked.issues[0]?.message ?? 'invalid'}`, {
          issues: checked.issues,
        });
      }
      limit = checked.value;
    }
    let start = 0;
    const cursor = query.get('starting_after');
    if (cursor !== null) {
      const after = this.#cursors.verify(cursor, list);
      const index = after === undefined ? -1 : keys.indexOf(after);
      if (index < 0) {
        return errorReply(
          400,
          'invalid_cursor',
          'starting_after is not a cursor this list returned: copy pagination.starting_after unchanged.',
        );
      }
      start = index + 1;
    }
    const pageKeys = keys.slice(start, start + limit);
    const data = pageKeys.map(record);
    const more = start + limit < keys.length;
    return reply(
      200,
      more
        ? {
            data,
            pagination: {
              starting_after: this.#cursors.sign(list, pageKeys[pageKeys.length - 1] as string),
              count: data.length,
            },
          }
        : { data },
    );
  }

  #setQueryMode(request: MockRequest, principal: Principal, rawId: string, rawName: string): MockReply {
    if (!principal.canWrite) {
      return errorReply(403, 'forbidden', 'This credential may read but not set query modes.');
    }
    const id = decodeSegment(rawId);
    const name = decodeSegment(rawName);
    if (id === undefined || !this.state.hasPipeline(id))
      return errorReply(404, 'pipeline_not_found', 'No pipeline has this pipeline_id.');
    if (name === undefined || !this.state.hasObject(id, name)) {
      return errorReply(404, 'object_not_found', 'The pipeline has no source object with this object_name.');
    }
    const type = request.headers['content-type'];
    if (type === undefined || !/^application\/json\s*(;|$)/i.test(type)) {
      return errorReply(
        400,
        'unsupported_content_type',
        'Send the body as JSON with content-type: application/json.',
      );
    }
    if ((request.bodyBytes ?? new TextEncoder().encode(request.body).length) > MAX_BODY_BYTES)
      return errorReply(413, 'body_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`);
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return errorReply(400, 'invalid_json', 'The body is not valid JSON.');
    }
    // Its config is echoed in the answer: a body nested thousands deep would overflow JSON.stringify.
    if (jsonDepthExceeds(body)) return errorReply(400, 'too_deep', `The body is ${TOO_DEEP_MESSAGE}.`);
    const checked = validateQueryModeBody(body, { profile: this.profile as 'strict' });
    if (!checked.ok) {
      return errorReply(
        400,
        'invalid_body',
        `Invalid in ${BODY_PROFILES[this.profile].title}: ${checked.issues.map((i) => i.message).join(' ')}`,
        { issues: checked.issues, profile: this.profile },
      );
    }
    this.state.setConfig(id, name, checked.value.config);
    return reply(200, { pipeline_id: id, object_name: name, config: checked.value.config });
  }
}

function methodNotAllowed(method: string, allow: string): MockReply {
  return errorReply(405, 'method_not_allowed', `${method} is not allowed here; use ${allow}.`, {}, { allow });
}

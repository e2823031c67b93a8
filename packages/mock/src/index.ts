/**
 * `@querymode/mock`: a stateful local mock of the query-mode and list endpoints of the
 * data-pipeline service API v2.0, as a node:http server on loopback (`startMockServer`) or
 * in-process as a `fetch` (`mockFetch`). Pipelines and objects from a fixture or generated from a
 * seed, Basic auth with a read-only credential, signed cursors, the rate limit, seeded faults,
 * and its state at `GET /__mock/state`. What the service's documentation does not show (error bodies, the PUT's
 * answer, the cursor format) is the mock's own.
 *
 * @module
 */
export {
  DEFAULT_PAGE_SIZE,
  MAX_BODY_BYTES,
  MockApi,
  type MockCounters,
  type MockOptions,
  type MockReply,
  type MockRequest,
  type MockStateSnapshot,
  STATE_PATH,
} from './api.js';
export { generateCredentials, type MockCredentials } from './auth.js';
export { type MockClock, realClock } from './clock.js';
export { CursorSigner } from './cursor.js';
export { type Fault, type FaultSpec, faultFor, hasFaults, parseFaultSpec } from './faults.js';
export { type MockFetch, mockFetch } from './fetch.js';
export {
  checkFixture,
  type Fixture,
  type FixtureCheckOptions,
  type FixtureObject,
  type FixturePipeline,
  type GenerateOptions,
  generateFixture,
  readFixture,
} from './fixtures.js';
export { readMockOptions } from './options.js';
export { MockOptionsError } from './options-error.js';
export { type MockRateLimit, RATE_LIMIT_MESSAGE, SERVICE_LIMIT } from './rate-limit.js';
export {
  type MockServerOptions,
  type RunningMockServer,
  readMockServerOptions,
  startMockServer,
} from './server.js';
export type { ObjectSnapshot, PipelineSnapshot } from './state.js';

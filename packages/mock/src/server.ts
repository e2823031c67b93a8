/**
 * The mock as a real HTTP server on loopback, on `node:http` (why not Hono: docs/mock.md, with the
 * figures of `pnpm bench mock-framework`). Stops cleanly: `close()` stops accepting connections and
 * closes the open ones.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  describeValue,
  type Issue,
  makeIssue,
  type OptionReader,
  type OptionValues,
  type Result,
  readOptions,
} from '@querymode/core';
import { MAX_BODY_BYTES, MockApi, type MockOptions, type MockReply } from './api.js';
import { slowPieces } from './delivery.js';
import { hostReader, MOCK_OPTION_READERS, portReader } from './options.js';
import { MockOptionsError } from './options-error.js';

/** Options of {@link startMockServer}. */
export interface MockServerOptions extends MockOptions {
  /** The port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** The address to listen on (default `127.0.0.1`). */
  readonly host?: string;
  /** An existing mock to serve, instead of making one from the other options. */
  readonly api?: MockApi;
}

/** A running mock server. */
export interface RunningMockServer {
  /** The base URL to give a client: `http://127.0.0.1:<port>` (the client adds the API prefix). */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** The mock behind it: its state, credentials and counters. */
  readonly api: MockApi;
  /** Stops accepting connections, closes the open ones, and resolves when the server is closed. */
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A request's body, and its size in bytes when reading stopped at the limit. */
interface ReadBody {
  readonly body: string;
  /** Set when the body passed the limit: the bytes known (declared or read); nothing more is read. */
  readonly overBytes?: number;
}

/**
 * Reads a request body up to the limit: a `Content-Length` over it is not read at all, and a body
 * that grows past it stops being read where it passes (the mock answers 413 and closes the
 * connection, never holding more than the limit).
 */
function readBody(req: IncomingMessage): Promise<ReadBody> {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
    // No body (a GET): nothing to wait for.
    req.resume();
    return Promise.resolve({ body: '' });
  }
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_BODY_BYTES) {
    req.pause();
    return Promise.resolve({ body: '', overBytes: declared });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.pause();
        resolve({ body: '', overBytes: size });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', reject);
  });
}

async function deliver(res: ServerResponse, reply: MockReply): Promise<void> {
  if (reply.delivery === 'drop') {
    res.socket?.destroy();
    return;
  }
  if (reply.delivery === 'slow') {
    res.writeHead(reply.status, reply.headers);
    const { pieces, pauseMs } = slowPieces(reply.body, reply.slowMs);
    for (let i = 0; i < pieces.length; i++) {
      if (i > 0) await sleep(pauseMs);
      if (res.destroyed) return;
      res.write(pieces[i]);
    }
    res.end();
    return;
  }
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(Buffer.byteLength(reply.body)) });
  res.end(reply.body);
}

/** Lower-case header names to single values (a repeated header's values joined by ", "). */
function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers))
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** `api`: a mock made with `new MockApi(options)`. */
const apiReader: OptionReader<MockApi> = (value, path, issues) => {
  if (value instanceof MockApi) return value;
  issues.push(
    makeIssue({
      code: 'invalid_type',
      path,
      expected: 'object',
      received: `${describeValue(value)}, not a MockApi (make one with new MockApi(options))`,
    }),
  );
  return undefined;
};

const SERVER_READERS = {
  ...MOCK_OPTION_READERS,
  port: portReader,
  host: hostReader,
  api: apiReader,
} as const;

/** The keys of the options of a mock, which `api` replaces. */
const MOCK_KEYS = Object.keys(MOCK_OPTION_READERS);

/**
 * The options of a mock server, read with core's `readOptions` (as `new MockApi` reads its own),
 * or core's issues; `api` given with options of a mock is a `conflicting_options` issue (the
 * mock given is served as it is). Never throws.
 */
export function readMockServerOptions(input: unknown): Result<OptionValues<typeof SERVER_READERS>> {
  const read = readOptions(input, SERVER_READERS);
  if (!read.ok || read.value.api === undefined) return read;
  const mine = MOCK_KEYS.filter((key) => (read.value as Record<string, unknown>)[key] !== undefined);
  if (mine.length === 0) return read;
  const issue: Issue = makeIssue({
    code: 'conflicting_options',
    path: ['options'],
    options: ['api', ...mine],
  });
  return { ok: false, issues: [issue] };
}

/**
 * Starts the mock on `host:port` and resolves once it listens. Rejects with a
 * {@link MockOptionsError} when an option is invalid.
 */
export function startMockServer(options: MockServerOptions = {}): Promise<RunningMockServer> {
  const read = readMockServerOptions(options);
  if (!read.ok) return Promise.reject(new MockOptionsError(read.issues));
  const { port, host: givenHost, api: givenApi, ...mockOptions } = read.value;
  const api = givenApi ?? new MockApi(mockOptions as MockOptions);
  const server = createServer((req, res) => {
    readBody(req)
      .then(({ body, overBytes }) => {
        // The rest of an over-long body is never read: the connection closes after the answer.
        if (overBytes !== undefined) res.setHeader('connection', 'close');
        return api.handle({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: headersOf(req),
          body,
          ...(overBytes === undefined ? {} : { bodyBytes: overBytes }),
        });
      })
      .then((reply) => deliver(res, reply))
      .catch(() => res.socket?.destroy());
  });
  const host = givenHost ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port ?? 0, host, () => {
      server.off('error', reject);
      const port = (server.address() as AddressInfo).port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        port,
        api,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

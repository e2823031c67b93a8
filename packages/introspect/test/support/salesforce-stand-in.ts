/**
 * A stand-in Salesforce org for tests: an HTTP server on 127.0.0.1 answering the REST resources
 * the live reader uses (`/limits`, `/sobjects`, `/sobjects/X/describe`, `/composite`,
 * `/limits/recordCount`) in their documented shapes (`salesforce-org.ts`), with a bearer token,
 * the daily request count in `Sforce-Limit-Info`, and faults a test scripts: another answer for
 * the next matching requests, an answer held until the test releases it (a stall the test
 * drives, never a wall-clock wait), a token that expires. Reached as `salesforce+http://`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { globalDescribe, limits, type OrgObject, recordCounts } from './salesforce-org.js';

/** One request the stand-in received. */
export interface StandInRequest {
  readonly method: string;
  /** The path after `/services/data/vNN.N` (`/sobjects`), or the whole path when it has no such prefix. */
  readonly path: string;
  readonly authorization: string | undefined;
  /** For a composite request: its subrequests' URLs. */
  readonly subrequests?: string[];
}

/** An answer a fault gives instead of the org's. */
export type FaultAnswer =
  | { readonly status: number; readonly body: unknown; readonly headers?: Record<string, string> }
  | ((req: IncomingMessage, res: ServerResponse, body: string) => void);

/** A held answer: `arrived` once the request is in, `release()` answers it as the org would. */
export interface Held {
  readonly arrived: Promise<void>;
  release(): void;
}

/** A running stand-in org. */
export interface StandIn {
  /** `salesforce+http://127.0.0.1:<port>`: the URL `inspect` takes. */
  readonly url: string;
  /** `127.0.0.1:<port>`. */
  readonly host: string;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly requests: StandInRequest[];
  /** The org's daily API requests: the maximum and those used (each request adds one, a composite one). */
  readonly daily: { max: number; used: number };
  /** The token it accepts; another token gets 401 INVALID_SESSION_ID. */
  token: string;
  /** The next `times` requests whose path matches get `answer` instead (and count as used). */
  fault(path: RegExp, answer: FaultAnswer, times?: number): void;
  /** The next request whose path matches waits until `release()`. */
  hold(path: RegExp): Held;
  /** Runs `effect` once, when the `nth` request (from 1) whose path matches comes in, before it is answered. */
  on(path: RegExp, nth: number, effect: () => void): void;
  close(): Promise<void>;
}

const VERSIONED = /^\/services\/data\/v\d+\.\d+(\/.*)?$/;

/** The path under the versioned root, without a query string. */
const resourceOf = (url: string): string => {
  const path = url.split('?')[0] ?? '';
  const m = VERSIONED.exec(path);
  return m === null ? path : (m[1] ?? '/');
};

/** A Salesforce error answer: `[{ message, errorCode }]`. */
export const sfError = (errorCode: string, message: string): unknown => [{ message, errorCode }];

/** Starts a stand-in org with these objects and daily requests. */
export async function standInOrg(
  objects: readonly OrgObject[],
  options: { token: string; max?: number; used?: number },
): Promise<StandIn> {
  const byName = new Map(objects.map((o) => [o.describe.name as string, o]));
  const requests: StandInRequest[] = [];
  const faults: { path: RegExp; answer: FaultAnswer; left: number }[] = [];
  const holds: { path: RegExp; arrive: () => void; gate: Promise<void> }[] = [];
  const effects: { path: RegExp; nth: number; seen: number; effect: () => void }[] = [];
  const daily = { max: options.max ?? 15_000, used: options.used ?? 0 };

  const describeOf = (name: string): { status: number; body: unknown } => {
    const o = byName.get(name);
    return o === undefined
      ? { status: 404, body: sfError('NOT_FOUND', 'The requested resource does not exist') }
      : { status: 200, body: o.describe };
  };

  /**
   * A `SELECT COUNT() FROM X WHERE ...` query (`/query?q=`): the object's `created` count, or its
   * `changed` count when the filter starts with SystemModstamp; INVALID_FIELD for a field the
   * describe lacks or cannot filter on, as Salesforce answers; the object's `countError` if set.
   */
  const countOf = (url: string): { status: number; body: unknown } => {
    const q = new URL(url, 'http://stand-in').searchParams.get('q') ?? '';
    const m = /^SELECT COUNT\(\) FROM (\w+) WHERE (.+)$/.exec(q);
    const o = m === null ? undefined : byName.get(m[1] as string);
    if (m === null || o === undefined)
      return { status: 400, body: sfError('MALFORMED_QUERY', `the stand-in reads no query such as ${q}`) };
    const fields = o.describe.fields as { name: string; filterable: boolean }[];
    for (const name of (m[2] as string).match(/[A-Z][A-Za-z]+(?= [<>=])/g) ?? [])
      if (!fields.some((f) => f.name === name && f.filterable))
        return {
          status: 400,
          body: sfError('INVALID_FIELD', `No such column '${name}' on entity '${m[1]}'`),
        };
    if (o.countError !== undefined) return o.countError;
    const totalSize = (m[2] as string).startsWith('SystemModstamp') ? (o.changed ?? 0) : (o.created ?? 0);
    return { status: 200, body: { totalSize, done: true, records: [] } };
  };

  /** The org's own answer to a request. */
  const answer = (method: string, url: string, body: string): { status: number; body: unknown } => {
    const resource = resourceOf(url);
    if (method === 'GET' && /^\/query\/?$/.test(resource)) return countOf(url);
    if (method === 'GET' && resource === '/limits')
      return { status: 200, body: limits(daily.max, daily.max - daily.used) };
    if (method === 'GET' && resource === '/sobjects') return { status: 200, body: globalDescribe(objects) };
    if (method === 'GET' && resource === '/limits/recordCount')
      return { status: 200, body: recordCounts(objects) };
    const describe = /^\/sobjects\/([^/]+)\/describe\/?$/.exec(resource);
    if (method === 'GET' && describe !== null) return describeOf(decodeURIComponent(describe[1] as string));
    if (method === 'POST' && resource === '/composite') {
      const subs = (
        JSON.parse(body) as { compositeRequest: { method: string; url: string; referenceId: string }[] }
      ).compositeRequest;
      if (subs.length > 25)
        return {
          status: 400,
          body: sfError('INVALID_BATCH_SIZE', 'the stand-in takes up to 25 subrequests'),
        };
      return {
        status: 200,
        body: {
          compositeResponse: subs.map((s) => {
            const r = answer(s.method, s.url, '');
            return { body: r.body, httpHeaders: {}, httpStatusCode: r.status, referenceId: s.referenceId };
          }),
        },
      };
    }
    return { status: 404, body: sfError('NOT_FOUND', 'The requested resource does not exist') };
  };

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void => {
    if (res.destroyed) return;
    res.writeHead(status, {
      'content-type': 'application/json;charset=UTF-8',
      'sforce-limit-info': `api-usage=${daily.used}/${daily.max}`,
      ...headers,
    });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: string): Promise<void> => {
    const resource = resourceOf(req.url ?? '');
    let subrequests: string[] | undefined;
    if (resource === '/composite') {
      try {
        subrequests = (JSON.parse(body) as { compositeRequest: { url: string }[] }).compositeRequest.map(
          (s) => s.url,
        );
      } catch {
        subrequests = [];
      }
    }
    requests.push({
      method: req.method ?? '',
      path: resource,
      authorization: req.headers.authorization,
      ...(subrequests === undefined ? {} : { subrequests }),
    });
    for (const e of effects) if (e.path.test(resource) && ++e.seen === e.nth) e.effect();
    daily.used += 1;
    const held = holds.findIndex((h) => h.path.test(resource));
    if (held >= 0) {
      const [h] = holds.splice(held, 1);
      h?.arrive();
      await h?.gate;
    }
    const fault = faults.find((f) => f.left > 0 && f.path.test(resource));
    if (fault !== undefined) {
      fault.left -= 1;
      if (typeof fault.answer === 'function') fault.answer(req, res, body);
      else send(res, fault.answer.status, fault.answer.body, fault.answer.headers);
      return;
    }
    if (req.headers.authorization !== `Bearer ${standIn.token}`) {
      send(res, 401, sfError('INVALID_SESSION_ID', 'Session expired or invalid'));
      return;
    }
    const r = answer(req.method ?? '', req.url ?? '', body);
    send(res, r.status, r.body);
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => {
      if (body.length < 4 * 1024 * 1024) body += d;
    });
    req.on('end', () => {
      void handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const releases: (() => void)[] = [];
  const standIn: StandIn = {
    url: `salesforce+http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    daily,
    token: options.token,
    fault(path, answer, times = 1) {
      faults.push({ path, answer, left: times });
    },
    hold(path) {
      let arrive: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      releases.push(release);
      holds.push({ path, arrive, gate });
      return { arrived, release };
    },
    on(path, nth, effect) {
      effects.push({ path, nth, seen: 0, effect });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of releases) r();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

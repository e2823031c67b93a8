/**
 * Hostile HTTP servers for tests: each binds 127.0.0.1 on a free port, records every request
 * (method, URL, authorization header, body), and answers with the test's handler (a redirect, an
 * endless body, an echo of the credential). `closeHostileServers()` after each test closes them
 * all and their connections, so none outlives its test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running hostile server. */
export interface HostileServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request it received, in order. */
  readonly requests: { method: string; url: string; authorization?: string; body: string }[];
}

/** Answers one request; `body` is the request's whole body. */
export type HostileHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const servers: Server[] = [];

/** Starts a server on 127.0.0.1 answering with `handler`. */
export async function hostileServer(handler: HostileHandler): Promise<HostileServer> {
  const requests: HostileServer['requests'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => {
      // A test server keeps at most 1 MB of a request body.
      if (body.length < 1024 * 1024) body += d;
    });
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        ...(req.headers.authorization === undefined ? {} : { authorization: req.headers.authorization }),
        body,
      });
      handler(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** Closes every server started so far, and their connections. */
export async function closeHostileServers(): Promise<void> {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
}

/**
 * A handler that streams `mebibytes` MiB of `a` as a 200 JSON answer, as fast as the client
 * reads, and stops when the client hangs up.
 */
export function endlessBody(mebibytes: number): HostileHandler {
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  return (_req, res) => {
    let sent = 0;
    res.writeHead(200, { 'content-type': 'application/json' });
    const pump = (): void => {
      while (sent < mebibytes && !res.destroyed) {
        sent += 1;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    pump();
  };
}

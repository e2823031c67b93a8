/**
 * A TCP proxy to PostgreSQL that cuts the connection midway: it forwards both ways and, when
 * the client sends its Nth extended-protocol Parse message (one per parameterised query), it
 * destroys both sockets. Used to test a connection lost while the catalog is being read.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

/** A running proxy: its port, and how to stop it. */
export interface CuttingProxy {
  readonly port: number;
  close(): Promise<void>;
}

/** Starts a proxy to host:port that cuts each connection at the client's `cutAtParse`th Parse message. */
export function startCuttingProxy(host: string, port: number, cutAtParse: number): Promise<CuttingProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, host);
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let startup = true;
    let parses = 0;
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      // Frame the client's messages: the startup message has no type byte, the others do.
      for (;;) {
        if (startup) {
          if (buffer.length < 4) break;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) break;
          buffer = buffer.subarray(len);
          startup = false;
          continue;
        }
        if (buffer.length < 5) break;
        const type = String.fromCharCode(buffer[0] as number);
        const len = buffer.readInt32BE(1);
        if (buffer.length < 1 + len) break;
        buffer = buffer.subarray(1 + len);
        if (type === 'P' && ++parses >= cutAtParse) return cut();
      }
      upstream.write(data);
    });
    upstream.on('data', (data) => client.write(data));
    client.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : 0,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

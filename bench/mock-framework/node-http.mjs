// Start-time probe: a node:http server with one JSON route, listening on loopback, answering one
// request, then closing. The same work as hono.mjs, so that the two differ only by the framework.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url?.startsWith('/api/public/v2.0/pipelines')) {
    const body = JSON.stringify({ data: [{ id: 'p1' }] });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } else {
    res.writeHead(404).end();
  }
});
server.listen(0, '127.0.0.1', async () => {
  const { port } = server.address();
  const page = await (await fetch(`http://127.0.0.1:${port}/api/public/v2.0/pipelines`)).json();
  if (page.data.length !== 1) process.exit(1);
  server.close();
  server.closeAllConnections();
});

// Throughput baseline: a bare node:http server answering every request with a fixed page of 10
// pipelines, as large as the mock's (no routing, no auth, no state). Prints its port, serves until
// SIGTERM.
import { createServer } from 'node:http';

const page = JSON.stringify({
  data: Array.from({ length: 10 }, (_, i) => ({
    id: `p${String(i + 1).padStart(3, '0')}-abcd`,
    name: `pipeline ${i + 1}`,
    objects: 10,
  })),
  pagination: { starting_after: 'x'.repeat(80), count: 10 },
});
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(page) });
  res.end(page);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});

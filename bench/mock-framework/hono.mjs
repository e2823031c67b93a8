// Start-time probe: the same route as node-http.mjs on Hono with @hono/node-server.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/api/public/v2.0/pipelines', (c) => c.json({ data: [{ id: 'p1' }] }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, async (info) => {
  const page = await (await fetch(`http://127.0.0.1:${info.port}/api/public/v2.0/pipelines`)).json();
  if (page.data.length !== 1) process.exit(1);
  server.close();
  server.closeAllConnections?.();
});

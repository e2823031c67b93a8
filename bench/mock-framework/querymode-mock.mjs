// Start-time probe: @querymode/mock itself (built, packages/mock/dist), answering one request.
import { startMockServer } from '../../packages/mock/dist/index.js';

const server = await startMockServer({ rateLimit: false });
const auth = `Basic ${Buffer.from(`${server.api.credentials.key}:${server.api.credentials.secret}`).toString('base64')}`;
const page = await (
  await fetch(`${server.url}/api/public/v2.0/pipelines`, { headers: { authorization: auth } })
).json();
if (page.data.length !== 3) process.exit(1);
await server.close();

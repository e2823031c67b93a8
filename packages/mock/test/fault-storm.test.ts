/**
 * The fault storm: 1,000 PUTs through a mock on loopback that answers 20% of requests with a 5xx,
 * 5% with a 429 (Retry-After: 1) and drops 5% of connections after the PUT took effect. The client
 * retries (with `resendUncertain`, since a PUT after a 5xx or a dropped connection is not resent by
 * default); the mock's state must end equal to the plan, with every object set only by the same
 * body (a dropped connection's PUT is retried once more, and only that adds a PUT).
 */
import { createClient, type QueryModeBody } from '@querymode/client';
import { exampleConfig, MODES } from '@querymode/core';
import { generateFixture, startMockServer } from '@querymode/mock';
import { describe, expect, it } from 'vitest';

const BODIES: QueryModeBody[] = MODES.map((m) => ({ config: exampleConfig(m) }) as QueryModeBody);

describe('a fault storm of 1,000 PUTs over loopback', () => {
  it('ends with the mock state equal to the plan; extra PUTs only from retries of the same body', async () => {
    const server = await startMockServer({
      fixture: generateFixture({ pipelines: 10, objects: 100, seed: 11 }),
      rateLimit: false,
      faults: { serverErrorRate: 0.2, rateLimitRate: 0.05, dropRate: 0.05, seed: 11 },
    });
    try {
      const { api } = server;
      const plan = api.state.pipelineIds.flatMap((id, p) =>
        api.state
          .objectNames(id)
          .map((name, o) => ({ id, name, body: BODIES[(p + o) % BODIES.length] as QueryModeBody })),
      );
      expect(plan).toHaveLength(1000);
      const made = createClient({
        baseUrl: server.url,
        apiKey: api.credentials.key,
        apiSecret: api.credentials.secret,
        env: {},
        rateLimit: false,
        retry: { maxRetries: 12, baseDelayMs: 5, maxDelayMs: 50, resendUncertain: true },
      });
      if (!made.ok) throw new Error('options');
      const client = made.value;
      let next = 0;
      const failures: string[] = [];
      const worker = async () => {
        while (next < plan.length) {
          const item = plan[next++] as (typeof plan)[number];
          const r = await client.setQueryMode(item.id, item.name, item.body);
          if (!r.ok) failures.push(r.error.message);
        }
      };
      await Promise.all(Array.from({ length: 20 }, worker));
      expect(failures).toEqual([]);

      const state = api.snapshot();
      const objects = state.pipelines.flatMap((p) => p.objects.map((o) => ({ pipeline: p.id, ...o })));
      const expected = new Map(plan.map((i) => [`${i.id}/${i.name}`, i.body.config]));
      for (const o of objects)
        expect(o.config, `${o.pipeline}/${o.name}`).toEqual(expected.get(`${o.pipeline}/${o.name}`));
      expect(objects.every((o) => o.distinct_configs === 1 && o.puts >= 1)).toBe(true);
      const extra = objects.reduce((n, o) => n + o.puts - 1, 0);
      expect(extra).toBe(state.by_status.dropped ?? 0);
      expect(state.faults.server_error).toBeGreaterThan(150);
      expect(state.faults.rate_limited).toBeGreaterThan(20);
      expect(state.faults.drop).toBeGreaterThan(20);
    } finally {
      await server.close();
    }
  });
});

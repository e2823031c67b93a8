import {
  backoffDelay,
  createVirtualClock,
  DEFAULT_RETRY,
  isIdempotent,
  isRetryableStatus,
  parseRetryAfter,
  RateLimiter,
  SERVICE_RATE_LIMIT,
} from '@querymode/client';
import { describe, expect, it } from 'vitest';

describe('retry policy', () => {
  it('retries only idempotent methods, on 408, 429 and 5xx', () => {
    expect(['GET', 'PUT', 'get', 'DELETE'].map(isIdempotent)).toEqual([true, true, true, true]);
    expect(['POST', 'PATCH'].map(isIdempotent)).toEqual([false, false]);
    expect([408, 429, 500, 502, 503, 599].map(isRetryableStatus)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([200, 400, 401, 403, 404, 409, 600].map(isRetryableStatus)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('backs off exponentially with full jitter, capped', () => {
    const top = (retry: number) => backoffDelay(retry, DEFAULT_RETRY, () => 0.999999);
    expect([1, 2, 3, 4, 5, 6, 7].map(top)).toEqual([499, 999, 1999, 3999, 7999, 15999, 19999]);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0)).toBe(0);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0.5)).toBe(1000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    for (const bad of [null, undefined, '', '-5', '1.5', 'soon'])
      expect(parseRetryAfter(bad, now), String(bad)).toBeUndefined();
  });
});

describe('the rate limiter, on a virtual clock', () => {
  it('lets 100 requests a minute through and never more than 100 in any window of 60 s', async () => {
    const clock = createVirtualClock();
    const limiter = new RateLimiter(SERVICE_RATE_LIMIT, clock);
    const sent: number[] = [];
    const request = async () => {
      const release = await limiter.acquire();
      sent.push(clock.now());
      await clock.sleep(25); // the request's latency
      release();
    };
    await clock.run(Promise.all(Array.from({ length: 350 }, request)));
    expect(sent).toHaveLength(350);
    for (let i = 100; i < sent.length; i++) {
      // The request that reuses a slot is sent a whole window after the response that freed it.
      expect((sent[i] as number) - (sent[i - 100] as number)).toBeGreaterThanOrEqual(60_000 + 25);
    }
    const windows = sent.map((t) => sent.filter((u) => u >= t && u < t + 60_000).length);
    expect(Math.max(...windows)).toBe(100);
    expect(sent.slice(0, 100).every((t) => t === 0)).toBe(true);
    expect(sent[100]).toBe(60_025);
    expect(limiter.waited).toBe(250);
  });

  it('serves waiters first come, first served, and drops a waiter whose signal aborts', async () => {
    const clock = createVirtualClock();
    const limiter = new RateLimiter({ requests: 2, windowMs: 1000 }, clock);
    (await limiter.acquire())();
    (await limiter.acquire())();
    const order: string[] = [];
    const abort = new AbortController();
    const a = limiter.acquire().then((r) => {
      order.push('a');
      r();
    });
    const gone = limiter.acquire(abort.signal).then(
      () => order.push('aborted one granted'),
      () => order.push('aborted'),
    );
    const b = limiter.acquire().then((r) => {
      order.push('b');
      r();
    });
    abort.abort(new Error('stop'));
    await clock.run(Promise.all([a, gone, b]));
    expect(order).toEqual(['aborted', 'a', 'b']);
    expect(clock.now()).toBe(1000);
  });
});

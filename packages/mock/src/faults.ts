/**
 * Fault injection, seeded and deterministic: what happens to request number n depends only on the
 * seed and n. A fault list is a comma-separated list of `name=value`:
 *
 * | name | value | effect |
 * |---|---|---|
 * | `latency` | `MS` or `MIN-MAX` (ms) | every request waits that long (uniform in the range) before it is handled |
 * | `5xx` | a rate from 0 to 1 | answer 500, 502 or 503 before handling (nothing changes) |
 * | `429` | a rate | answer 429 with `Retry-After: 1` before handling (nothing changes) |
 * | `drop` | a rate | handle the request (a PUT takes effect), then close the connection without an answer |
 * | `slow` | a rate | send the answer's body in small pieces over `slow_ms` |
 * | `slow_ms` | ms | how long a slow body takes (default 200) |
 * | `seed` | an integer | the seed of the faults (default: the mock's seed) |
 *
 * The rates of `5xx`, `429`, `drop` and `slow` are of one draw per request, so they add up to at
 * most 1. The requests of `/__mock/*` have no faults.
 *
 * @module
 */
import { draw } from './random.js';

/** The faults to inject. */
export interface FaultSpec {
  /** Latency of every request, in ms: a fixed value (`min === max`) or a uniform range. */
  readonly latencyMs?: { readonly min: number; readonly max: number };
  /** Share of requests answered 5xx before handling. */
  readonly serverErrorRate?: number;
  /** Share of requests answered 429 before handling. */
  readonly rateLimitRate?: number;
  /** Share of requests whose connection is closed after handling, without an answer. */
  readonly dropRate?: number;
  /** Share of requests whose answer body is sent slowly. */
  readonly slowRate?: number;
  /** How long a slow body takes, in ms (default 200). */
  readonly slowMs?: number;
  /** The seed of the draws. */
  readonly seed?: number;
}

/** What happens to one request. */
export interface Fault {
  /** Wait before handling, in ms. */
  readonly latencyMs: number;
  /** What to do instead of, or after, handling. */
  readonly outcome: 'none' | 'server_error' | 'rate_limited' | 'drop' | 'slow';
  /** For `server_error`: the status. */
  readonly status: number;
}

const NO_FAULT: Fault = Object.freeze({ latencyMs: 0, outcome: 'none', status: 0 });

const SERVER_ERRORS = [500, 502, 503] as const;

/** The names a fault list may use. */
const NAMES = ['latency', '5xx', '429', 'drop', 'slow', 'slow_ms', 'seed'] as const;

const rate = (name: string, value: string): number => {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
    throw new Error(`fault ${name}=${value}: expected a rate from 0 to 1, such as 0.2`);
  }
  return n;
};

const milliseconds = (name: string, value: string): number => {
  const m = /^(\d+)(ms)?$/.exec(value.trim());
  if (m === null) throw new Error(`fault ${name}=${value}: expected milliseconds, such as 50 or 50ms`);
  return Number(m[1]);
};

/**
 * Parses a fault list such as `latency=5-20,5xx=0.2,drop=0.05,seed=7`. Returns the faults or a
 * one-line problem (what, where, how to fix). Never throws.
 */
export function parseFaultSpec(
  text: string,
): { ok: true; value: FaultSpec } | { ok: false; problem: string } {
  const spec: { -readonly [K in keyof FaultSpec]: FaultSpec[K] } = {};
  try {
    for (const part of text.split(',')) {
      if (part.trim() === '') continue;
      const eq = part.indexOf('=');
      const name = (eq < 0 ? part : part.slice(0, eq)).trim();
      const value = eq < 0 ? '' : part.slice(eq + 1).trim();
      switch (name) {
        case 'latency': {
          const [min, max] = value.split('-');
          const low = milliseconds(name, min ?? '');
          const high = max === undefined ? low : milliseconds(name, max);
          if (high < low) throw new Error(`fault latency=${value}: the range must go from low to high`);
          spec.latencyMs = { min: low, max: high };
          break;
        }
        case '5xx':
          spec.serverErrorRate = rate(name, value);
          break;
        case '429':
          spec.rateLimitRate = rate(name, value);
          break;
        case 'drop':
          spec.dropRate = rate(name, value);
          break;
        case 'slow':
          spec.slowRate = rate(name, value);
          break;
        case 'slow_ms':
          spec.slowMs = milliseconds(name, value);
          break;
        case 'seed': {
          if (!/^\d+$/.test(value)) throw new Error(`fault seed=${value}: expected a non-negative integer`);
          spec.seed = Number(value);
          break;
        }
        default:
          throw new Error(`unknown fault "${name}": expected one of ${NAMES.join(', ')}`);
      }
    }
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  const total =
    (spec.serverErrorRate ?? 0) + (spec.rateLimitRate ?? 0) + (spec.dropRate ?? 0) + (spec.slowRate ?? 0);
  if (total > 1 + 1e-9)
    return { ok: false, problem: `the rates of 5xx, 429, drop and slow add up to ${total}, more than 1` };
  return { ok: true, value: spec };
}

/** Whether the faults inject anything. */
export function hasFaults(spec: FaultSpec): boolean {
  return (
    (spec.latencyMs?.max ?? 0) > 0 ||
    (spec.serverErrorRate ?? 0) > 0 ||
    (spec.rateLimitRate ?? 0) > 0 ||
    (spec.dropRate ?? 0) > 0 ||
    (spec.slowRate ?? 0) > 0
  );
}

/** The fault of request number `n` (from 0) under `spec`, with `seed` when the faults have none. */
export function faultFor(spec: FaultSpec, seed: number, n: number): Fault {
  if (!hasFaults(spec)) return NO_FAULT;
  const s = spec.seed ?? seed;
  const latency = spec.latencyMs;
  const latencyMs =
    latency === undefined ? 0 : latency.min + Math.floor(draw(s, n, 1) * (latency.max - latency.min + 1));
  let r = draw(s, n, 2);
  const pick = (share: number | undefined): boolean => {
    if (share === undefined || share <= 0) return false;
    if (r < share) return true;
    r -= share;
    return false;
  };
  let outcome: Fault['outcome'] = 'none';
  if (pick(spec.serverErrorRate)) outcome = 'server_error';
  else if (pick(spec.rateLimitRate)) outcome = 'rate_limited';
  else if (pick(spec.dropRate)) outcome = 'drop';
  else if (pick(spec.slowRate)) outcome = 'slow';
  const status = SERVER_ERRORS[Math.floor(draw(s, n, 3) * SERVER_ERRORS.length)] as number;
  return { latencyMs, outcome, status };
}

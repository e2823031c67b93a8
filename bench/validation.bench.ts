/**
 * Suite `validation`: `validateQueryModeBody` against a hand-written plain-JS validator of the
 * same rules (the baseline) and zod's `safeParse` (the schema of record), side by side in one
 * run, on valid bodies of every mode and on invalid bodies with full issue details.
 *
 * @module
 */
import { MODES, validateQueryModeBody } from '@querymode/core';
import { queryModeBodySchema } from '@querymode/core/schemas';
import fc from 'fast-check';
import { MUTATIONS, modeBodyArb, mutatedBodyArb } from '../packages/core/test/arbitraries.js';
import { formatOps, formatRatio } from './lib/format.js';
import { type Batch, measureOps, type Stats } from './lib/measure.js';
import type { Suite, SuiteResult, Target } from './lib/types.js';
import { validateBaseline } from './validation/baseline.js';

const SEED = 42;
const VALID_PER_MODE = 100;
const INVALID_PER_MUTATION = 60;

/** Interleaves lists: one of each in turn, so that a data set mixes its kinds evenly. */
function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  const longest = Math.max(...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i] as T);
  return out;
}

/** Bodies as they arrive from the wire: parsed from JSON text. */
const fromWire = (bodies: readonly unknown[]): unknown[] => bodies.map((b) => JSON.parse(JSON.stringify(b)));

/** Valid bodies of every mode of the catalogue, and invalid bodies of every mutation kind. */
function dataSets(): { valid: unknown[]; invalid: unknown[] } {
  const valid = interleave(
    MODES.map((mode) => fc.sample(modeBodyArb(mode), { seed: SEED, numRuns: VALID_PER_MODE }) as unknown[]),
  );
  const invalid = interleave(
    MUTATIONS.map((kind) =>
      fc.sample(mutatedBodyArb([kind]), { seed: SEED, numRuns: INVALID_PER_MUTATION }).map((m) => m.body),
    ),
  );
  return { valid: fromWire(valid), invalid: fromWire(invalid) };
}

/** Throws unless the three validators give the same verdict on every body (and `expected`). */
function checkVerdicts(bodies: readonly unknown[], expected: boolean): void {
  bodies.forEach((body, i) => {
    const verdicts = {
      baseline: validateBaseline(body).ok,
      validateQueryModeBody: validateQueryModeBody(body).ok,
      zod: queryModeBodySchema.safeParse(body).success,
    };
    if (Object.values(verdicts).some((v) => v !== expected)) {
      throw new Error(
        `validation bench: body ${i} should be ${expected ? 'valid' : 'invalid'}: ${JSON.stringify(verdicts)} ${JSON.stringify(body)}`,
      );
    }
  });
}

/** Keeps results alive, so that no work can be optimised away. */
let sink = 0;

/** The three candidates over one data set. Invalid results read every issue's message. */
function candidates(bodies: readonly unknown[]): Record<string, Batch> {
  return {
    baseline: () => {
      for (const body of bodies) {
        const r = validateBaseline(body);
        if (r.ok) sink += 1;
        else for (const issue of r.issues) sink += issue.message.length + issue.path.length;
      }
      return bodies.length;
    },
    validateQueryModeBody: () => {
      for (const body of bodies) {
        const r = validateQueryModeBody(body);
        if (r.ok) sink += 1;
        else for (const issue of r.issues) sink += issue.message.length + issue.path.length;
      }
      return bodies.length;
    },
    'zod safeParse': () => {
      for (const body of bodies) {
        const r = queryModeBodySchema.safeParse(body);
        if (r.success) sink += 1;
        else for (const issue of r.error.issues) sink += issue.message.length + issue.path.length;
      }
      return bodies.length;
    },
  };
}

const spread = (s: Stats): string => `${formatOps(s.min).replace(' ops/s', '')}–${formatOps(s.max)}`;

export const suites: Suite[] = [
  {
    id: 'validation',
    title: 'Query-mode body validation',
    description:
      '`validateQueryModeBody` (the catalogue-driven fast path) against a hand-written plain-JS validator of the same rules (`bench/validation/baseline.ts`, the baseline) and zod 4 `safeParse` of `queryModeBodySchema` (the schema of record), measured side by side in one run.',
    run({ measure, log }): SuiteResult {
      const { valid, invalid } = dataSets();
      checkVerdicts(valid, true);
      checkVerdicts(invalid, false);
      log(`validation: ${valid.length} valid and ${invalid.length} invalid bodies; verdicts agree`);
      log('validation: measuring valid bodies');
      const v = measureOps(candidates(valid), measure);
      log('validation: measuring invalid bodies');
      const x = measureOps(candidates(invalid), measure);
      if (sink === 0) throw new Error('validation bench: no work was done');

      const names = Object.keys(v);
      const base = { valid: (v.baseline as Stats).median, invalid: (x.baseline as Stats).median };
      const ratio = (s: Stats, b: number) => b / s.median;
      const rows = names.map((name) => {
        const sv = v[name] as Stats;
        const sx = x[name] as Stats;
        return [
          name === 'baseline' ? 'hand-written baseline' : `\`${name}\``,
          formatOps(sv.median),
          formatRatio(ratio(sv, base.valid)),
          formatOps(sx.median),
          formatRatio(ratio(sx, base.invalid)),
        ];
      });
      const fast = { valid: v.validateQueryModeBody as Stats, invalid: x.validateQueryModeBody as Stats };
      const targets: Target[] = [
        {
          name: 'valid bodies: `validateQueryModeBody` time per body vs the baseline',
          value: ratio(fast.valid, base.valid),
          limit: 2,
          unit: 'x',
        },
        {
          name: 'invalid bodies with full issue details: `validateQueryModeBody` vs the baseline',
          value: ratio(fast.invalid, base.invalid),
          limit: 10,
          unit: 'x',
        },
      ];
      return {
        tables: [
          {
            columns: ['validator', 'valid bodies', 'time vs baseline', 'invalid bodies', 'time vs baseline'],
            rows,
          },
          {
            title: 'Spread of the rounds (min–max ops/s)',
            columns: ['validator', 'valid bodies', 'invalid bodies'],
            rows: names.map((name) => [name, spread(v[name] as Stats), spread(x[name] as Stats)]),
          },
        ],
        targets,
        notes: [
          `Data: ${valid.length} valid bodies (${VALID_PER_MODE} per mode, every mode of the catalogue, optional and conditional fields in every combination) and ${invalid.length} invalid bodies (${INVALID_PER_MUTATION} per mutation kind: ${MUTATIONS.join(', ')}), generated from the catalogue by the property-test arbitraries with seed ${SEED} and parsed from JSON text. Before measuring, the suite checks that all three validators give the same verdict on every body.`,
          `Method: ${measure.warmupMs} ms warm-up per validator, then ${measure.rounds} interleaved rounds of ${measure.roundMs} ms per validator and data set; the table gives the median ops/s (one op = one body). "Time vs baseline" is the baseline's ops/s divided by the validator's: how many times longer it takes per body. On failure every validator builds its full issue list and the benchmark reads every issue's message and path.`,
        ],
      };
    },
  },
];

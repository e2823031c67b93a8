/**
 * Capture safety two ways: `assessCapture` works on sets of kinds for every kind at once (it runs
 * for every mode of every table), `assessKind` decides one kind at a time with its reason (for
 * the words). Over every mode, pipeline mode, answer per kind, capture-condition outcome and
 * `mustCapture`, the sets are exactly the kinds whose one-at-a-time verdicts put them there.
 */
import { describe, expect, it } from 'vitest';
import { assessCapture, assessKind } from '../../src/advisor/evaluate/capture.js';
import { Tally } from '../../src/advisor/evaluate/sink.js';
import { kindsIn, setOf } from '../../src/advisor/facts/kind-set.js';
import { readFacts } from '../../src/advisor/facts/valid-facts.js';
import { MODE_CHECKS } from '../../src/advisor/rules/mode-checks.js';
import { CHANGE_KINDS } from '../../src/catalogue/change-kinds.js';
import type { ChangeKind } from '../../src/catalogue/types.js';

const ANSWERS = ['yes', 'no', 'unknown'] as const;
const PIPELINES = [undefined, 'log_based', 'table', 'custom_sql'] as const;
const SETS = Array.from({ length: 1 << CHANGE_KINDS.length }, (_, i) => i);

function* answers(): Generator<Record<ChangeKind, (typeof ANSWERS)[number]>> {
  for (const inserts of ANSWERS)
    for (const updates of ANSWERS) for (const deletes of ANSWERS) yield { inserts, updates, deletes };
}

describe('capture safety', () => {
  it('the sets of assessCapture are the one-kind verdicts of assessKind', () => {
    let cases = 0;
    for (const pipeline_mode of PIPELINES)
      for (const changes of answers()) {
        const facts = readFacts(pipeline_mode === undefined ? { changes } : { changes, pipeline_mode });
        for (const checks of MODE_CHECKS)
          for (const failed of SETS)
            for (const unknown of SETS) {
              const tally = new Tally();
              tally.conditionsFailed = failed;
              tally.conditionsUnknown = unknown;
              for (const required of SETS) {
                const sets = assessCapture(checks, facts, tally, required);
                const expected = {
                  knownMisses: [],
                  blocking: [],
                  notDescribed: [],
                  possibleMisses: [],
                  conditionsUnknown: [],
                  unsettled: [],
                  captured: [],
                } as Record<keyof typeof sets, ChangeKind[]>;
                for (const kind of CHANGE_KINDS) {
                  const k = assessKind(checks.mode, kind, facts, tally, required);
                  if (k.verdict === 'missed' && k.table === 'yes') expected.knownMisses.push(kind);
                  if (k.verdict === 'missed' && k.table === 'yes' && k.required) expected.blocking.push(kind);
                  const possible =
                    (k.verdict === 'missed' && k.table === 'unknown') ||
                    (k.verdict === 'condition_unknown' && k.table !== 'no') ||
                    (kind === 'deletes' &&
                      pipeline_mode === undefined &&
                      k.table !== 'no' &&
                      k.verdict !== 'missed');
                  if (possible) expected.possibleMisses.push(kind);
                  if (k.verdict === 'not_described' && k.table === 'yes') expected.notDescribed.push(kind);
                  if (k.verdict === 'condition_unknown' && k.table === 'yes' && k.required)
                    expected.conditionsUnknown.push(kind);
                  if (possible && k.required) expected.unsettled.push(kind);
                  if (k.verdict === 'captured') expected.captured.push(kind);
                }
                const got = Object.fromEntries(Object.entries(sets).map(([key, set]) => [key, kindsIn(set)]));
                if (JSON.stringify(got) !== JSON.stringify(expected)) {
                  const at = { mode: checks.mode.id, pipeline_mode, changes, failed, unknown, required };
                  expect({ ...at, got }).toEqual({ ...at, got: expected });
                }
                cases++;
              }
            }
      }
    expect(cases).toBe(PIPELINES.length * 27 * MODE_CHECKS.length * SETS.length ** 3);
    expect(setOf(CHANGE_KINDS)).toBe(SETS.length - 1);
  });
});

/**
 * The options of the events model, shared by `estimateEvents`, `recommend` and
 * `planModeChange`: the horizon, the replication frequency, and a per-run timeline.
 *
 * @module
 */

import { describeValue } from '../../issues/describe.js';
import { invalidTypeIssue } from '../../issues/invalid-type.js';
import { isRecord } from '../../issues/is-record.js';
import { makeIssue } from '../../issues/make-issue.js';
import { numberReader } from '../../issues/number-reader.js';
import type { OptionReader } from '../../issues/read-options.js';
import type { Issue, IssuePath } from '../../issues/types.js';
import { unknownKeyIssue } from '../../issues/unknown-key.js';
import type { EventsSpan } from './count.js';
import { DEFAULT_HORIZON_HOURS } from './defaults.js';
import type { ChangeRun } from './timeline.js';

/** The options of the events model. */
export interface EventsOptions {
  /** The horizon of the estimates, in hours (finite, at least 0). Default 720 (30 days). Not with `timeline`. */
  readonly horizonHours?: number;
  /** The pipeline's replication frequency in minutes; overrides `traits.replication_frequency_minutes`. */
  readonly replicationFrequencyMinutes?: number;
  /** The changes of each run, in order, instead of the rates per day; the span is then these runs. */
  readonly timeline?: readonly ChangeRun[];
}

/** The longest timeline accepted, in runs. */
export const MAX_TIMELINE_RUNS = 100_000;

const COUNT = 'an integer from 0 to 9007199254740991';

/** Reads `horizonHours`. */
export const horizonReader = numberReader({
  min: 0,
  exclusive: false,
  max: Number.MAX_SAFE_INTEGER,
  expected: 'a finite number of hours from 0 to 9007199254740991',
});

/** Reads `replicationFrequencyMinutes`. */
export const frequencyReader = numberReader({
  min: 0,
  exclusive: true,
  max: Number.MAX_SAFE_INTEGER,
  expected: 'a finite number of minutes greater than 0',
});

function readRun(value: unknown, path: IssuePath, issues: Issue[]): ChangeRun | undefined {
  if (!isRecord(value)) {
    issues.push(invalidTypeIssue(path, 'object', value));
    return undefined;
  }
  const out: { inserts?: number; updates?: number; deletes?: number } = {};
  const allowed = ['inserts', 'updates', 'deletes'] as const;
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v === undefined) continue;
    if (!(allowed as readonly string[]).includes(key)) {
      issues.push(unknownKeyIssue(path, key, allowed));
      continue;
    }
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) out[key as (typeof allowed)[number]] = v;
    else
      issues.push(
        makeIssue({
          code: 'invalid_number',
          path: [...path, key],
          expected: COUNT,
          received: describeValue(v),
        }),
      );
  }
  return out;
}

/** Reads `timeline`: an array of runs, each with counts of at least 0. */
export const timelineReader: OptionReader<ChangeRun[]> = (value, path, issues) => {
  if (!Array.isArray(value)) {
    issues.push(invalidTypeIssue(path, 'array', value));
    return undefined;
  }
  if (value.length > MAX_TIMELINE_RUNS) {
    issues.push(
      makeIssue({
        code: 'invalid_number',
        path,
        expected: `at most ${MAX_TIMELINE_RUNS} runs`,
        received: `array of ${value.length} runs`,
      }),
    );
    return undefined;
  }
  const before = issues.length;
  const runs: ChangeRun[] = [];
  for (let i = 0; i < value.length; i++) {
    const run = readRun(value[i], [...path, i], issues);
    if (run !== undefined) runs.push(run);
  }
  return issues.length > before ? undefined : runs;
};

/** The readers of the events options. */
export const EVENTS_READERS = {
  horizonHours: horizonReader,
  replicationFrequencyMinutes: frequencyReader,
  timeline: timelineReader,
} as const;

/** The span of an estimate from options already read, or an issue when both a horizon and a timeline are given. */
export function spanOf(options: {
  readonly horizonHours?: number;
  readonly timeline?: readonly ChangeRun[];
}): { ok: true; span: EventsSpan } | { ok: false; issue: Issue } {
  if (options.timeline !== undefined && options.horizonHours !== undefined)
    return {
      ok: false,
      issue: makeIssue({
        code: 'conflicting_options',
        path: ['options'],
        options: ['horizonHours', 'timeline'],
      }),
    };
  if (options.timeline !== undefined) return { ok: true, span: { timeline: options.timeline } };
  return { ok: true, span: { horizonHours: options.horizonHours ?? DEFAULT_HORIZON_HOURS } };
}

/** The issue of an estimate whose numbers left the safe-integer range. */
export function overflowIssue(): Issue {
  return makeIssue({
    code: 'estimate_overflow',
    path: [],
    max: Number.MAX_SAFE_INTEGER,
    inputs: 'rows, the change rates or the timeline, times the runs over the horizon',
  });
}

/**
 * The candidates of a `recommend --ndjson --detail` record as `recommend --json` gives them: each
 * finding, question and text put back where the record points to it, the shared parts (`kinds`,
 * `estimate`) back in each candidate, and the texts the record cites by key taken from the legend
 * of its stream. What a reader that wants the whole candidates calls; the tests hold it equal to
 * `recommend --json`, which shows the record drops nothing.
 *
 * @module
 */

import type { Finding } from '../advisor/evaluate/findings.js';
import type { Candidate } from '../advisor/recommend/candidates.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import type { QueryMode } from '../catalogue/modes.js';
import type { ChangeKind } from '../catalogue/types.js';
import { neverThrows } from '../issues/unreadable.js';
import {
  type DetailCandidate,
  type DetailFinding,
  questionsAt,
  unlocksOfCandidate,
} from './detail-candidates.js';
import { citedText, type DetailLegend, type TextRef } from './detail-legend.js';
import type { NdjsonResultRecord } from './recommend-record.js';

/** The record's parts that its candidates point into. */
type Parts = Pick<
  NdjsonResultRecord,
  'findings' | 'questions' | 'texts' | 'kinds' | 'estimate' | 'candidates'
>;

/**
 * The candidates of `record` (a `--detail` record) in full, with the texts of `legend` (the first
 * line of its stream); a text neither holds is given as its key. Never throws: a record that cannot
 * be read gives none.
 */
export function expandCandidates(legend: DetailLegend | undefined, record: Parts): Candidate[] {
  return neverThrows(expand, [legend, record], () => []);
}

function expand(legend: DetailLegend | undefined, record: Parts): Candidate[] {
  const text = (ref: TextRef): string => citedText(legend, record.texts, ref) ?? String(ref);
  const finding = (f: DetailFinding): Finding => {
    const { cites, questions, ...rest } = f;
    return Object.assign(
      rest,
      { basis: text(cites) },
      questions === undefined ? {} : { questions: questionsAt(record.questions, questions) },
    );
  };
  const findings = (record.findings ?? []).map(finding);
  const estimate = record.estimate;
  return (record.candidates ?? []).map((c: DetailCandidate): Candidate => {
    const captures = {} as { [K in ChangeKind]: Candidate['captures'][K] };
    for (const kind of CHANGE_KINDS) {
      const own = c.captures[kind];
      captures[kind] = {
        table: record.kinds?.[kind].table ?? 'unknown',
        mode: legend?.captures[c.mode]?.[kind] ?? 'not_described',
        verdict: own.verdict,
        required: record.kinds?.[kind].required ?? false,
        basis: text(own.cites),
      };
    }
    return {
      mode: c.mode as QueryMode,
      rank: c.rank,
      status: c.status,
      recommendable: c.recommendable,
      body: c.body,
      captures,
      misses: c.misses,
      notDescribed: c.notDescribed,
      events: {
        mode: c.mode,
        billed: c.events.billed,
        unknown: c.events.unknown.map(text),
        historical: estimate?.historical ?? { events: null, billed: false },
        perRun: c.events.perRun,
        counting: estimate?.counting ?? 'query',
        horizonHours: estimate?.horizonHours ?? 0,
        frequencyMinutes: estimate?.frequencyMinutes ?? 0,
        frequencyDefault: estimate?.frequencyDefault ?? false,
        reads: c.events.reads,
        formula: c.events.formula,
        notes: (estimate?.notes ?? []).map(text),
        assumptions: c.events.assumptions.map(text),
      },
      billedBelow: c.billedBelow,
      findings: c.findings.flatMap((i) => (findings[i] === undefined ? [] : [findings[i]])),
      toEstablish: questionsAt(record.questions, c.toEstablish),
      toUnlock: unlocksOfCandidate(findings, c),
    };
  });
}

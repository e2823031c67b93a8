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
import type { Candidate, Unlock } from '../advisor/recommend/candidates.js';
import type { WithinReachAdvice } from '../advisor/recommend/within-reach.js';
import type { FactQuestion } from '../advisor/sql/questions.js';
import type { QueryModeBody } from '../catalogue/body-types.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import type { QueryMode } from '../catalogue/modes.js';
import type { ChangeKind } from '../catalogue/types.js';
import { neverThrows } from '../issues/unreadable.js';
import { fillTemplate } from '../text/template.js';
import {
  checkOf,
  citesByDefault,
  type DetailCandidate,
  type DetailFinding,
  detailConfigFields,
  estimateIn,
  factByDefault,
  fieldsOf,
  findingParams,
  fullQuestions,
  isRecommendable,
  kindsOf,
  type QuestionsLegend,
  questionsAt,
  severityIn,
  unknownOf,
  unlocksOfCandidate,
} from './detail-candidates.js';
import { citedText, type DetailLegend, plainAssumptionsOf, type TextRef } from './detail-legend.js';
import type { NdjsonResultRecord } from './recommend-record.js';

/** A capture neither the record nor the legend holds. */
const UNREAD = { verdict: 'not_described', cites: '' } as const;

/** The record's parts that its candidates point into. */
type Parts = Pick<
  NdjsonResultRecord,
  | 'table'
  | 'traits'
  | 'findings'
  | 'questions'
  | 'sql'
  | 'texts'
  | 'kinds'
  | 'fields'
  | 'body'
  | 'estimate'
  | 'candidates'
>;

/**
 * The candidates of `record` (a `--detail` record) in full, with the texts of `legend` (the first
 * line of its stream); a text neither holds is given as its key. Never throws: a record that cannot
 * be read gives none.
 */
export function expandCandidates(legend: DetailLegend | undefined, record: Parts): Candidate[] {
  return neverThrows(expand, [legend, record], () => []);
}

/**
 * Finding `f` of `record` (a `--detail` record) in full, as `recommend --json` gives it, with the
 * legend of its stream: its check's shared part from the legend's `checks`, its basis and questions
 * put back (`questions`: the record's in full, `fullQuestions`, when the caller has them). Never
 * throws: a finding that cannot be read gives itself.
 */
export function fullFinding(
  legend: DetailLegend | undefined,
  record: Pick<NdjsonResultRecord, 'table' | 'texts' | 'questions' | 'sql' | 'findings' | 'candidates'>,
  f: DetailFinding,
  questions?: readonly FactQuestion[],
): Finding {
  return neverThrows(
    (l: typeof legend, r: typeof record, one: DetailFinding, all: typeof questions) =>
      findingOf(l, r, all ?? fullQuestions(l, r), one, listerOf(r, one)),
    [legend, record, f, questions],
    () => f as unknown as Finding,
  );
}

/** The first candidate of `record` that lists finding `f` (one of its `findings`). */
function listerOf(
  record: Pick<NdjsonResultRecord, 'findings' | 'candidates'>,
  f: DetailFinding,
): DetailCandidate | undefined {
  const i = record.findings?.indexOf(f) ?? -1;
  return record.candidates?.find((c) => c.findings?.includes(i) === true);
}

/** What candidate `c` cites for its capture of `kind`: its own, or its mode's plain one in the legend. */
const captureOf = (legend: DetailLegend | undefined, c: DetailCandidate, kind: ChangeKind) =>
  c.captures?.[kind] ?? legend?.plainCaptures[c.mode]?.[kind] ?? UNREAD;

function findingOf(
  legend: DetailLegend | undefined,
  record: Pick<NdjsonResultRecord, 'table' | 'texts' | 'findings'>,
  all: readonly FactQuestion[],
  f: DetailFinding,
  lister: DetailCandidate | undefined,
): Finding {
  const check = checkOf(f);
  const shared = legend?.checks[check];
  const capture =
    f.captures === undefined || lister === undefined
      ? undefined
      : captureOf(legend, lister, f.captures).cites;
  const cites = f.cites ?? citesByDefault(legend, check, capture);
  const mode = lister?.mode;
  const basis = citedText(legend, record.texts, cites) ?? String(cites);
  const params = { ...findingParams(record.table ?? null, mode, f.captures, basis, f.path), ...f.with };
  const words = (key: string | undefined): string | undefined => {
    const template = key === undefined ? undefined : shared?.words?.[key];
    return template === undefined ? undefined : fillTemplate(template, params);
  };
  // Key by key in the order of `Finding`, an optional key only when the record has it.
  const strength = f.strength ?? shared?.strength ?? 'hard';
  const out = {
    rule: f.rule ?? shared?.rule ?? check,
    check,
    strength,
    verdict: f.verdict,
    severity: severityIn(legend, f, strength),
  } as { -readonly [K in keyof Finding]: Finding[K] };
  if (f.captures !== undefined) out.captures = f.captures;
  out.path = f.path ?? ['config', 'mode'];
  out.message = f.message ?? words(f.says) ?? String(f.says);
  const remedy = f.remedy ?? words(f.fixes);
  if (remedy !== undefined) out.remedy = remedy;
  if (f.sql !== undefined)
    out.sql = typeof f.sql === 'number' ? String(record.findings?.[f.sql]?.sql ?? f.sql) : f.sql;
  out.source = f.source ?? shared?.source ?? 'inference';
  out.basis = basis;
  const questions = f.questions === undefined ? undefined : questionsAt(all, f.questions);
  const fact = f.fact ?? factByDefault(f, questions?.[0]);
  if (fact !== undefined) out.fact = fact;
  if (questions !== undefined) out.questions = questions;
  return out;
}

/** Every finding of `record` in full, its questions `all`. */
function findingsOf(
  legend: DetailLegend | undefined,
  record: Parts,
  all: readonly FactQuestion[],
): Finding[] {
  const listers: DetailCandidate[] = [];
  for (const c of record.candidates ?? []) for (const i of c.findings ?? []) listers[i] ??= c;
  return (record.findings ?? []).map((f, i) => findingOf(legend, record, all, f, listers[i]));
}

function expand(legend: DetailLegend | undefined, record: Parts): Candidate[] {
  const text = (ref: TextRef): string => citedText(legend, record.texts, ref) ?? String(ref);
  const questions = fullQuestions(legend, record);
  const findings = findingsOf(legend, record, questions);
  const estimate = estimateIn(legend, record.estimate);
  const kinds = kindsOf(legend, record.kinds);
  const fields = fieldsOf(record.body, record.fields);
  return (record.candidates ?? []).map((c: DetailCandidate, at): Candidate => {
    const captures = {} as { [K in ChangeKind]: Candidate['captures'][K] };
    for (const kind of CHANGE_KINDS) {
      const own = captureOf(legend, c, kind);
      captures[kind] = {
        table: kinds[kind].table,
        mode: legend?.captures[c.mode]?.[kind] ?? 'not_described',
        verdict: own.verdict,
        required: kinds[kind].required,
        basis: text(own.cites),
      };
    }
    return {
      mode: c.mode as QueryMode,
      rank: c.rank ?? at + 1,
      status: c.status,
      recommendable: c.recommendable ?? isRecommendable(c.status, c.misses ?? [], kinds),
      body:
        c.body === undefined
          ? { config: { mode: c.mode, ...detailConfigFields(legend, fields, c) } as QueryModeBody['config'] }
          : c.body,
      captures,
      misses: c.misses ?? [],
      notDescribed: c.notDescribed ?? [],
      events: {
        mode: c.mode,
        billed: c.events.billed,
        unknown: unknownOf(c).map(text),
        historical: estimate?.historical ?? { events: null, billed: false },
        perRun: c.events.perRun ?? null,
        counting: estimate?.counting ?? 'query',
        horizonHours: estimate?.horizonHours ?? 0,
        frequencyMinutes: estimate?.frequencyMinutes ?? 0,
        frequencyDefault: estimate?.frequencyDefault ?? false,
        reads: c.events.reads,
        formula: text(c.events.formula),
        notes: (estimate?.notes ?? []).map(text),
        assumptions: (
          c.events.assumptions ??
          plainAssumptionsOf(legend, c.mode, record.traits?.source) ??
          []
        ).map(text),
      },
      billedBelow: c.billedBelow ?? null,
      findings: (c.findings ?? []).flatMap((i) => (findings[i] === undefined ? [] : [findings[i]])),
      toEstablish: questionsAt(questions, c.toEstablish ?? []),
      toUnlock: unlocksOfCandidate(findings, c),
    };
  });
}

/**
 * The cheaper modes within reach of `record` (a `--detail` record) as `recommend --json` gives
 * them, with the legend of its stream: each mode's facts and remedies put back, the facts each once
 * in the order the modes first ask them (`questions`: the record's in full, `fullQuestions`, when
 * the caller has them). Never throws: a record that cannot be read gives none.
 */
export function fullWithinReach(
  legend: DetailLegend | undefined,
  record: Parts & Pick<NdjsonResultRecord, 'withinReach'>,
  questions?: readonly FactQuestion[],
): WithinReachAdvice {
  return neverThrows(reachOf, [legend, record, questions], () => ({ modes: [], questions: [] }));
}

function reachOf(
  legend: DetailLegend | undefined,
  record: Parts & Pick<NdjsonResultRecord, 'withinReach'>,
  given: readonly FactQuestion[] | undefined,
): WithinReachAdvice {
  const questions = given ?? fullQuestions(legend, record);
  const findings = findingsOf(legend, record, questions);
  return reachWith(record, questions, (toUnlock) => unlocksOfCandidate(findings, { toUnlock }));
}

/**
 * The cheaper modes within reach of `record` with their facts put back (as `fullWithinReach`, with
 * the legend of its stream), and each mode's remedies as `unlock` gives them from their indexes
 * (what reads only the facts gives none, and expands no finding). Never throws: a record that
 * cannot be read gives none.
 */
export function withinReachOf(
  legend: QuestionsLegend | undefined,
  record: Pick<NdjsonResultRecord, 'questions' | 'sql' | 'texts' | 'withinReach'>,
  unlock: (indexes: readonly number[]) => readonly Unlock[],
): WithinReachAdvice {
  return neverThrows(
    (l: typeof legend, r: typeof record, u: typeof unlock) => reachWith(r, fullQuestions(l, r), u),
    [legend, record, unlock],
    () => ({ modes: [], questions: [] }),
  );
}

function reachWith(
  record: Pick<NdjsonResultRecord, 'withinReach'>,
  all: readonly FactQuestion[],
  unlock: (indexes: readonly number[]) => readonly Unlock[],
): WithinReachAdvice {
  const asked: number[] = [];
  const modes = (record.withinReach?.modes ?? []).map(({ asks, toUnlock, ...m }) => ({
    ...m,
    asks: asks.map((q) => {
      if (!asked.includes(q)) asked.push(q);
      return asked.indexOf(q);
    }),
    toUnlock: unlock(toUnlock),
  }));
  return { modes, questions: questionsAt(all, asked) };
}

/**
 * The reasons of `record` in plain sentences: a `--reasons` record's as written, a `--detail`
 * record's (which has `candidates`) cited texts taken from the record and `legend`; a reason that
 * cannot be read is given as its reference. Never throws: a record that cannot be read gives none.
 */
export function recordReasons(
  legend: DetailLegend | undefined,
  record: Pick<NdjsonResultRecord, 'reasons' | 'texts' | 'candidates'>,
): string[] {
  return neverThrows(
    (l: typeof legend, r: typeof record) =>
      (r.reasons ?? []).map((ref) =>
        r.candidates === undefined ? String(ref) : (citedText(l, r.texts, ref) ?? String(ref)),
      ),
    [legend, record],
    () => [],
  );
}

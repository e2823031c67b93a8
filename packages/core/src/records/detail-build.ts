/**
 * The builder of the candidates of a `recommend --ndjson --detail` record (`detail-candidates.ts`
 * holds their shapes): one context a table gathers the texts, questions and findings its
 * candidates cite, each once, and each part of the record is written by its own function, leaving
 * out what a reader works out again.
 *
 * @module
 */

import type { KindCapture } from '../advisor/evaluate/capture.js';
import type { Finding } from '../advisor/evaluate/findings.js';
import type { Candidate, Unlock } from '../advisor/recommend/candidates.js';
import type { Recommendation } from '../advisor/recommend/recommend.js';
import type { WithinReachAdvice } from '../advisor/recommend/within-reach.js';
import { captureChangeKinds } from '../advisor/rules/capture/change-kinds.js';
import { type FactQuestion, recipeOf } from '../advisor/sql/questions.js';
import type { TableTraits } from '../advisor/traits/model.js';
import type { QueryModeBody } from '../catalogue/body-types.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import type { ChangeKind } from '../catalogue/types.js';
import { fillTemplate, templateParams } from '../text/template.js';
import {
  bodyFields,
  citesByDefault,
  type DetailCandidate,
  type DetailCandidates,
  type DetailCapture,
  type DetailEstimate,
  type DetailEvents,
  type DetailFinding,
  type DetailKinds,
  type DetailWithinReach,
  factByDefault,
  fieldsOfMode,
  findingParams,
  isRecommendable,
  unknownByDefault,
  unlessPlain,
} from './detail-candidates.js';
import { type DetailLegend, plainAssumptionsOf, type TextRef } from './detail-legend.js';
import { type DetailSqlNames, detailQuestion, sqlNamesOf } from './detail-queries.js';
import { type DetailWriter, templatedText } from './detail-writer.js';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The candidates of `recommendation` and its modes within reach, their findings, questions and
 * texts gathered into lists, each once, written with the stream's `writer`; `traits` (the
 * record's) give its table and their `source`.
 */
export function detailCandidates(
  writer: DetailWriter,
  recommendation: Pick<Recommendation, 'candidates' | 'withinReach' | 'reasons' | 'body'>,
  traits: Pick<TableTraits, 'table' | 'source'>,
): DetailCandidates {
  const context = recordContext(writer, traits);
  const { candidates, body } = recommendation;
  // A text or question takes the next index where it is first cited, so the parts are written in this order.
  const reasons = recommendation.reasons.map(context.cite);
  const fields = configFields(candidates, body);
  const detailed = candidates.map((c, at) => detailCandidate(context, c, at, fields));
  const withinReach = detailWithinReach(context, recommendation.withinReach, detailed);
  const first = candidates[0];
  const shared = first === undefined ? {} : sharedParts(context, first, fields, body);
  // The findings before the questions: their questions join the list.
  const findings = detailFindings(context);
  const names = sqlNames(context);
  const questions = context.questions.items.map((q) =>
    detailQuestion(writer.legend.queries, names, q, context.cite),
  );
  const { texts } = context;
  return {
    findings,
    questions,
    ...(names !== undefined && questions.some((q) => q.asks !== undefined) ? { sql: names } : {}),
    texts: texts.items.map((text) => templatedText(writer.templates, text, texts.indexOf)),
    ...shared,
    candidates: detailed,
    withinReach,
    reasons,
  };
}

/**
 * What one table's `--detail` record is gathered into while it is built (one a table): the
 * stream's writer, the record's table and its traits' `source`, the lists its parts point into,
 * and of each finding what the first candidate that lists it says.
 */
interface RecordContext {
  readonly writer: DetailWriter;
  readonly legend: DetailLegend;
  /** The record's `table`: the traits' name, null when they have none. */
  readonly table: string | null;
  /** The traits' `source`, which picks the plain assumptions of a mode (`plainAssumptionsOf`). */
  readonly source: unknown;
  /** The record's `texts`: those the legend does not hold. */
  readonly texts: Pool<string>;
  readonly questions: Pool<FactQuestion>;
  /** Two findings are the same when every field is: a finding is small and flat. */
  readonly findings: Pool<Finding>;
  /** By finding: the mode of the first candidate that lists it. */
  readonly firstMode: string[];
  /** By finding: what the first candidate that lists it cites for the capture of each kind. */
  readonly firstCaptures: Readonly<Record<ChangeKind, TextRef>>[];
  /** A text as the record cites it: its key in the legend, else its index in `texts`. */
  readonly cite: (text: string) => TextRef;
}

/** The context of the record of a table of `traits`, written with `writer`, its lists empty. */
function recordContext(writer: DetailWriter, traits: Pick<TableTraits, 'table' | 'source'>): RecordContext {
  const texts = pool<string>(identity);
  return {
    writer,
    legend: writer.legend,
    table: typeof traits.table === 'string' ? traits.table : null,
    source: traits.source,
    texts,
    questions: pool<FactQuestion>((q) => JSON.stringify(q)),
    findings: pool<Finding>((f) => JSON.stringify(f)),
    firstMode: [],
    firstCaptures: [],
    cite: (text) => writer.keys.get(text) ?? texts.at(text),
  };
}

/** A list that holds each value once, by a key of the value. */
interface Pool<T> {
  readonly items: T[];
  /** The index of `value`, added at the end when the list holds no value of its key. */
  at(value: T): number;
  /** The index of the value of key `key`, -1 when it holds none. */
  indexOf(key: string): number;
}

/** An empty {@link Pool} whose values are told apart by `keyOf`. */
function pool<T>(keyOf: (value: T) => string): Pool<T> {
  const items: T[] = [];
  const keys = new Map<string, number>();
  return {
    items,
    indexOf: (key) => keys.get(key) ?? -1,
    at(value) {
      const key = keyOf(value);
      let at = keys.get(key);
      if (at === undefined) {
        at = items.length;
        keys.set(key, at);
        items.push(value);
      }
      return at;
    },
  };
}

const identity = (s: string): string => s;

/**
 * Each config field of `candidates` besides `mode` once: the record's `body`'s value, else the
 * first candidate's that has one (a candidate whose value differs writes its own `config`).
 */
function configFields(candidates: readonly Candidate[], body: QueryModeBody | null): Record<string, unknown> {
  const fields = bodyFields(body);
  for (const c of candidates) {
    const { mode, ...config } = c.body?.config ?? { mode: c.mode };
    if (c.body !== null && mode === c.mode)
      for (const [name, value] of Object.entries(config))
        if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}

/**
 * Candidate `c`, at `at` in the list, as a `--detail` record writes it: its findings, facts to
 * establish and unlocks as indexes into the record's lists, and what a reader works out from the
 * rest, the legend or the record's config `fields` left out.
 */
function detailCandidate(
  context: RecordContext,
  c: Candidate,
  at: number,
  fields: Readonly<Record<string, unknown>>,
): DetailCandidate {
  const { legend, cite, findings } = context;
  const own = c.findings.map(findings.at);
  for (const i of own) context.firstMode[i] ??= c.mode;
  const toUnlock = unlocksOf(findings.items, own, c.toUnlock);
  const cited = {
    inserts: cite(c.captures.inserts.basis),
    updates: cite(c.captures.updates.basis),
    deletes: cite(c.captures.deletes.basis),
  };
  for (const i of own) context.firstCaptures[i] ??= cited;
  const out: Writable<DetailCandidate> = { mode: c.mode } as DetailCandidate;
  if (c.rank !== at + 1) out.rank = c.rank;
  out.status = c.status;
  if (c.recommendable !== isRecommendable(c.status, c.misses, c.captures))
    out.recommendable = c.recommendable;
  const { mode, ...config } = c.body?.config ?? { mode: c.mode };
  if (c.body === null || mode !== c.mode) out.body = c.body;
  else if (JSON.stringify(config) !== JSON.stringify(fieldsOfMode(legend, fields, c.mode)))
    out.config = config;
  const captures = capturesOf(legend, c, cited);
  if (Object.keys(captures).length > 0) out.captures = captures;
  if (c.misses.length > 0) out.misses = c.misses;
  if (c.notDescribed.length > 0) out.notDescribed = c.notDescribed;
  out.events = detailEvents(context, c);
  if (c.billedBelow !== null) out.billedBelow = c.billedBelow;
  if (own.length > 0) out.findings = own;
  if (c.toEstablish.length > 0) out.toEstablish = c.toEstablish.map(context.questions.at);
  if (toUnlock.length > 0) out.toUnlock = toUnlock;
  return out;
}

/** The findings among `own` (indexes into `all`) that say what `wanted` says to do, as indexes. */
const unlocksOf = (all: readonly Finding[], own: readonly number[], wanted: readonly Unlock[]): number[] =>
  wanted.flatMap((u) => {
    const i = own.find((n) => {
      const f = all[n] as Finding;
      return f.rule === u.rule && f.remedy === u.action && f.sql === u.sql;
    });
    return i === undefined ? [] : [i];
  });

/** The captures of `c` (their bases cited as `cited`) that differ from the legend's plain ones of its mode. */
function capturesOf(
  legend: Pick<DetailLegend, 'plainCaptures'>,
  c: Candidate,
  cited: Readonly<Record<ChangeKind, TextRef>>,
): NonNullable<DetailCandidate['captures']> {
  const out: { [K in ChangeKind]?: DetailCapture } = {};
  const plain = legend.plainCaptures[c.mode];
  for (const kind of CHANGE_KINDS) {
    const k = c.captures[kind];
    const cites = cited[kind];
    if (plain?.[kind].verdict !== k.verdict || plain[kind].cites !== cites)
      out[kind] = { verdict: k.verdict, cites };
  }
  return out;
}

/** Whether two lists of text references are the same. */
const sameRefs = (a: readonly TextRef[], b: readonly TextRef[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((ref, i) => ref === b[i]);

/**
 * The estimate of candidate `c` as a `--detail` record writes it: what is its own (the shared part
 * is the record's `estimate`), its sentences cited, those a reader works out left out.
 */
function detailEvents(context: RecordContext, c: Candidate): DetailEvents {
  const { cite } = context;
  const e = c.events;
  const events: Writable<DetailEvents> = { billed: e.billed } as DetailEvents;
  const unknown = e.unknown.map(cite);
  if (!sameRefs(unknown, unknownByDefault(c))) events.unknown = unknown;
  if (e.perRun !== null) events.perRun = e.perRun;
  events.reads = e.reads;
  events.formula = cite(e.formula);
  const assumptions = e.assumptions.map(cite);
  if (!sameRefs(assumptions, plainAssumptionsOf(context.legend, c.mode, context.source)))
    events.assumptions = assumptions;
  return events;
}

/**
 * The modes within reach (`reach`) as a `--detail` record writes them: each mode's facts to
 * establish as indexes into the record's questions, and what would unlock it as the `toUnlock`
 * of its candidate among `detailed` (a mode within reach is one of the candidates).
 */
function detailWithinReach(
  context: RecordContext,
  reach: WithinReachAdvice,
  detailed: readonly DetailCandidate[],
): DetailWithinReach {
  return {
    modes: reach.modes.map(({ asks, toUnlock, ...m }) => ({
      ...m,
      asks: asks.map((i) => context.questions.at(reach.questions[i] as FactQuestion)),
      toUnlock: detailed.find((c) => c.mode === m.mode)?.toUnlock ?? [],
    })),
  };
}

/**
 * What every candidate of a record shares, written once, from its first candidate `first`: the
 * kinds of change, the config `fields` besides the record's `body`'s and the estimate, each left
 * out where it is the legend's.
 */
function sharedParts(
  context: RecordContext,
  first: Candidate,
  fields: Readonly<Record<string, unknown>>,
  body: QueryModeBody | null,
): Pick<DetailCandidates, 'kinds' | 'fields' | 'estimate'> {
  const kinds = kindsBesidesLegend(context.legend, first);
  const own = fieldsBesidesBody(fields, body);
  return {
    ...(kinds === undefined ? {} : { kinds }),
    ...(own === undefined ? {} : { fields: own }),
    estimate: sharedEstimate(context, first.events),
  };
}

/** The kinds of change of candidate `c` (the same for every candidate) that differ from the legend's `kinds`; undefined when none does. */
function kindsBesidesLegend(
  legend: Pick<DetailLegend, 'kinds'>,
  c: Candidate,
): Partial<DetailKinds> | undefined {
  const kinds: { [K in ChangeKind]?: DetailKinds[K] } = {};
  for (const kind of CHANGE_KINDS) {
    const k = kindOf(c.captures[kind]);
    const plain = legend.kinds[kind];
    if (k.table !== plain.table || k.required !== plain.required) kinds[kind] = k;
  }
  return Object.keys(kinds).length > 0 ? kinds : undefined;
}

/** What the table and the caller say of a kind of change, the same for every candidate. */
const kindOf = (k: KindCapture): Pick<KindCapture, 'table' | 'required'> => ({
  table: k.table,
  required: k.required,
});

/** The config `fields` the record's `body` does not hold; undefined when it holds them all. */
function fieldsBesidesBody(
  fields: Readonly<Record<string, unknown>>,
  body: QueryModeBody | null,
): Record<string, unknown> | undefined {
  const inBody = bodyFields(body);
  return Object.keys(fields).length > Object.keys(inBody).length
    ? Object.fromEntries(Object.entries(fields).filter(([name]) => !Object.hasOwn(inBody, name)))
    : undefined;
}

/** What the estimates of a record's candidates share, from the first's (`e`): its notes cited, what is the legend's `plainEstimate` left out. */
function sharedEstimate(context: RecordContext, e: Candidate['events']): DetailEstimate {
  const { legend } = context;
  return {
    historical: e.historical,
    ...unlessPlain(legend, e, 'counting'),
    ...unlessPlain(legend, e, 'horizonHours'),
    frequencyMinutes: e.frequencyMinutes,
    ...unlessPlain(legend, e, 'frequencyDefault'),
    notes: e.notes.map(context.cite),
  };
}

/**
 * The record's findings, each written once (`detailFinding`), in the order the candidates first
 * list them; a statement an earlier finding writes is cited by that finding's index.
 */
function detailFindings(context: RecordContext): DetailFinding[] {
  const all = context.findings.items;
  return all.map((f, i) => {
    const out = detailFinding(context, f, i);
    // One column's remedy for two modes writes the same statement twice.
    const first = f.sql === undefined ? -1 : all.findIndex((g) => g.sql === f.sql);
    return first >= 0 && first < i ? { ...out, sql: first } : out;
  });
}

/** The `path` of a finding about the mode, which a record leaves out. */
const MODE_PATH = JSON.stringify(['config', 'mode']);

/**
 * Finding `f`, at `at` in the record's `findings`, as a `--detail` record writes it: what the
 * legend's entry of its check says left out, `path` left out when it is the mode's, its basis and
 * its questions joining the record's lists.
 */
function detailFinding(context: RecordContext, f: Finding, at: number): DetailFinding {
  const { writer, legend } = context;
  const cites = context.cite(f.basis);
  const shared = legend.checks[f.check];
  // Key by key in the order of `Finding`, an optional key only when it says something.
  const out: { -readonly [K in keyof DetailFinding]: DetailFinding[K] } = {} as DetailFinding;
  if (f.check !== captureChangeKinds.id) out.check = f.check;
  if (shared?.rule !== f.rule) out.rule = f.rule;
  if (shared?.strength !== f.strength) out.strength = f.strength;
  out.verdict = f.verdict;
  if (legend.severities[f.strength][f.verdict] !== f.severity) out.severity = f.severity;
  if (f.captures !== undefined) out.captures = f.captures;
  if (JSON.stringify(f.path) !== MODE_PATH) out.path = f.path;
  const given = findingParams(context.table, context.firstMode[at], f.captures, f.basis, f.path);
  const says = wordsOf(writer, f.check, f.message, given);
  if (says === undefined) out.message = f.message;
  else out.says = says.key;
  const fixes = f.remedy === undefined ? undefined : wordsOf(writer, f.check, f.remedy, given);
  const params = { ...says?.params };
  if (
    fixes !== undefined &&
    Object.entries(fixes.params).every(([k, v]) => params[k] === undefined || params[k] === v)
  ) {
    out.fixes = fixes.key;
    Object.assign(params, fixes.params);
  } else if (f.remedy !== undefined) out.remedy = f.remedy;
  if (f.sql !== undefined) out.sql = f.sql;
  if (shared?.source !== f.source) out.source = f.source;
  const capture = f.captures === undefined ? undefined : context.firstCaptures[at]?.[f.captures];
  if (cites !== citesByDefault(legend, f.check, capture)) out.cites = cites;
  if (Object.keys(params).length > 0) out.with = params;
  if (f.fact !== undefined && JSON.stringify(f.fact) !== JSON.stringify(factByDefault(f, f.questions?.[0])))
    out.fact = f.fact;
  if (f.questions !== undefined) out.questions = f.questions.map(context.questions.at);
  return out;
}

/**
 * `text` (a message or remedy of check `check`) as the key of one of its templates and the
 * parameters besides `given` that fill it, the fewest characters of them where several templates
 * give it (`{table} has {kind}: {basis}` gives every text its longer variants give); undefined when
 * no template gives it.
 */
function wordsOf(
  writer: Pick<DetailWriter, 'checks'>,
  check: string,
  text: string,
  given: Readonly<Record<string, string>>,
): { key: string; params: Record<string, string> } | undefined {
  let best: { key: string; params: Record<string, string>; length: number } | undefined;
  for (const [key, matcher] of writer.checks.get(check) ?? []) {
    const found = templateParams(matcher, text);
    if (found === undefined) continue;
    const params: Record<string, string> = {};
    let length = 0;
    for (const [name, value] of Object.entries(found))
      if (given[name] !== value) {
        params[name] = value;
        length += value.length;
      }
    if (
      (best === undefined || length < best.length) &&
      fillTemplate(matcher.template, { ...given, ...params }) === text
    )
      best = { key, params, length };
    if (best?.length === 0) break;
  }
  return best === undefined ? undefined : { key: best.key, params: best.params };
}

/**
 * The dialect and the table's names the record's questions' queries are written from: the recipe
 * of the first question that has one, and the record's table; undefined without either.
 */
function sqlNames(context: RecordContext): DetailSqlNames | undefined {
  const recipe = context.questions.items.map(recipeOf).find((r) => r !== undefined);
  return recipe === undefined || context.table === null
    ? undefined
    : sqlNamesOf(recipe.dialect, context.table, recipe.database);
}

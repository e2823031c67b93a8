/**
 * The candidates of a `recommend --ndjson --detail` record, each fact written once: the record
 * holds every distinct finding of its candidates in `findings`, every distinct question in
 * `questions` and every text that names something of this table in `texts`; a candidate names
 * them by their place in those lists, and a text that is the same for every table (a rule's basis,
 * an estimate's assumption) by its key in the stream's legend (`detail-legend.ts`). Written out in
 * each candidate, the record was about 26 KB a table on the benchmark's tables.
 *
 * @module
 */

import type { EventsEstimate } from '../advisor/estimate/describe.js';
import type { KindCapture } from '../advisor/evaluate/capture.js';
import type { Finding } from '../advisor/evaluate/findings.js';
import type { Candidate, Unlock } from '../advisor/recommend/candidates.js';
import type { Recommendation } from '../advisor/recommend/recommend.js';
import type { WithinReach, WithinReachAdvice } from '../advisor/recommend/within-reach.js';
import { captureChangeKinds } from '../advisor/rules/capture/change-kinds.js';
import { type FactQuestion, recipeOf } from '../advisor/sql/questions.js';
import type { TableTraits } from '../advisor/traits/model.js';
import type { QueryModeBody } from '../catalogue/body-types.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import type { ChangeKind } from '../catalogue/types.js';
import { neverThrows } from '../issues/unreadable.js';
import { fillTemplate, templateParams } from '../text/template.js';
import {
  type CitedCapture,
  citedText,
  type DetailKinds,
  type DetailLegend,
  detailLegend,
  MODE_FIELDS,
  PLAIN_ESTIMATE,
  PLAIN_KINDS,
  plainAssumptionsOf,
  type RecordText,
  type TextRef,
} from './detail-legend.js';
import {
  type DetailQuestion,
  type DetailSqlNames,
  detailQuestion,
  fullQuestion,
  sqlNamesOf,
} from './detail-queries.js';
import { type DetailWriter, templatedText } from './detail-writer.js';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The parameters every finding of a record has: `table`, the record's `table` in backquotes
 * (`the table` when it is null); `mode`, the mode of the first candidate that lists the finding;
 * `kind`, the finding's `captures`; `field`, the body's field its `path` names (`["config", <field>]`,
 * not `mode`); `basis`, the text it cites.
 */
export function findingParams(
  table: string | null,
  mode: string | undefined,
  captures: ChangeKind | undefined,
  basis: string,
  path?: readonly (string | number)[],
): Record<string, string> {
  const params: Record<string, string> = { table: table === null ? 'the table' : `\`${table}\``, basis };
  if (mode !== undefined) params.mode = mode;
  if (captures !== undefined) params.kind = captures;
  const field = path?.length === 2 && path[0] === 'config' ? path[1] : undefined;
  if (typeof field === 'string' && field !== 'mode') params.field = field;
  return params;
}

/**
 * A finding of a `--detail` record: its `check` absent when it is `capture.change_kinds`
 * (`checkOf`), what its check shares with every table (`rule`, `strength`, `source`: the legend's
 * `checks`) only where it differs, its `severity` only where it is not the legend's `severities` of
 * its strength and verdict, its basis cited (absent: the text keyed by its check id), its `path`
 * absent when it is `["config","mode"]`, its questions by index into the record's `questions`.
 */
export interface DetailFinding
  extends Omit<
      Finding,
      | 'check'
      | 'rule'
      | 'strength'
      | 'severity'
      | 'source'
      | 'path'
      | 'basis'
      | 'questions'
      | 'message'
      | 'sql'
    >,
    Partial<Pick<Finding, 'check' | 'rule' | 'strength' | 'severity' | 'source' | 'path' | 'message'>> {
  /**
   * Its message as the key of a template of its check (the legend's `checks[check].words`), filled
   * with `with`; absent, `message` holds the message.
   */
  readonly says?: string;
  /** Its remedy as the key of a template of its check, filled as `says`; absent, `remedy` holds it (if any). */
  readonly fixes?: string;
  /**
   * The parameters of `says` and `fixes` besides those every finding has (`findingParams`): the
   * table, the kind of change and the basis.
   */
  readonly with?: Readonly<Record<string, string>>;
  /** Its basis: a key of the legend's `texts` (or an index into the record's `texts`); absent, its check id. */
  readonly cites?: TextRef;
  /** For `unknown`: the facts to establish, as indexes into the record's `questions`. */
  readonly questions?: readonly number[];
  /** Its statement: written out, or the index into the record's `findings` of the first finding that writes the same one. */
  readonly sql?: string | number;
}

/**
 * What a candidate does with one kind of change, its basis cited; whether the table has the kind
 * and whether it is required are the record's (`kinds`), what the catalogue says of the mode the
 * legend's (`captures`).
 */
export type DetailCapture = CitedCapture;

/** What every candidate's estimate shares: the span, the frequency, the historical load and the notes. */
export const SHARED_EVENTS = [
  'historical',
  'counting',
  'horizonHours',
  'frequencyMinutes',
  'frequencyDefault',
] as const;

/**
 * What the estimates of a record's candidates share, written once (`estimate`); its notes cited;
 * `counting`, `horizonHours` and `frequencyDefault` absent where they are the legend's
 * `plainEstimate` (`estimateIn`).
 */
export interface DetailEstimate
  extends Pick<EventsEstimate, 'historical' | 'frequencyMinutes'>,
    Partial<Pick<EventsEstimate, 'counting' | 'horizonHours' | 'frequencyDefault'>> {
  readonly notes: readonly TextRef[];
}

/** `{ [key]: value }` of estimate `e`, or nothing where it is the legend's `plainEstimate`. */
const unlessPlain = <K extends keyof DetailLegend['plainEstimate']>(
  legend: Pick<DetailLegend, 'plainEstimate'>,
  e: Pick<EventsEstimate, K>,
  key: K,
): Partial<Pick<EventsEstimate, K>> =>
  e[key] === legend.plainEstimate[key] ? {} : ({ [key]: e[key] } as Pick<EventsEstimate, K>);

/**
 * What the estimates of the candidates of a `--detail` record whose `estimate` is `estimate` share,
 * in full: the record's, else the legend's `plainEstimate` (absent: this build's); undefined when
 * the record has none (no candidate). Never throws: an estimate that cannot be read gives undefined.
 */
export const estimateIn = (
  legend: Pick<DetailLegend, 'plainEstimate'> | undefined,
  estimate: DetailEstimate | undefined,
): Required<DetailEstimate> | undefined =>
  neverThrows(
    (l: typeof legend, e: typeof estimate): Required<DetailEstimate> | undefined => {
      if (e === undefined) return undefined;
      const plain = l?.plainEstimate ?? PLAIN_ESTIMATE;
      return {
        historical: e.historical,
        counting: e.counting ?? plain.counting,
        horizonHours: e.horizonHours ?? plain.horizonHours,
        frequencyMinutes: e.frequencyMinutes,
        frequencyDefault: e.frequencyDefault ?? plain.frequencyDefault,
        notes: e.notes,
      };
    },
    [legend, estimate],
    () => undefined,
  );

/** An estimate of a `--detail` candidate: what is its own (the shared part is the record's `estimate`), its sentences cited. */
export interface DetailEvents
  extends Omit<
    EventsEstimate,
    'mode' | 'unknown' | 'perRun' | 'formula' | 'notes' | 'assumptions' | (typeof SHARED_EVENTS)[number]
  > {
  /** Absent: `events.not_described.<mode>.<kind>` of each of the candidate's `notDescribed` (`unknownOf`). */
  readonly unknown?: readonly TextRef[];
  /** Absent: null. */
  readonly perRun?: EventsEstimate['perRun'];
  /** The formula, cited: candidates that bill alike share its text. */
  readonly formula: TextRef;
  /** Absent: the legend's `plainAssumptions` of the candidate's mode (`plainAssumptionsOf`, by the traits' `source`). */
  readonly assumptions?: readonly TextRef[];
}

export type { DetailKinds } from './detail-legend.js';

/**
 * A candidate of a `--detail` record: `recommend --json`'s, with what it shares with others by
 * reference, and what follows from the rest left out: `rank` when it is its place in the list
 * (1 for the first), `recommendable` when it is `status` `eligible` and none of `misses` required
 * (`kinds`), `body` when it is `{ "config": { "mode": <mode>, ...config } }`.
 */
export interface DetailCandidate
  extends Omit<
      Candidate,
      | 'rank'
      | 'recommendable'
      | 'body'
      | 'captures'
      | 'misses'
      | 'notDescribed'
      | 'events'
      | 'billedBelow'
      | 'findings'
      | 'toEstablish'
      | 'toUnlock'
    >,
    Partial<Pick<Candidate, 'rank' | 'recommendable' | 'body' | 'misses' | 'notDescribed' | 'billedBelow'>> {
  /**
   * The fields of its body's `config` besides `mode`; absent when they are the record's `fields` of
   * the legend's `fields` of its mode, in that order (`detailConfigFields`), or `body` is written.
   */
  readonly config?: Readonly<Record<string, unknown>>;
  /** The captures that differ from the legend's `plainCaptures` of its mode; absent when none does. */
  readonly captures?: { readonly [K in ChangeKind]?: DetailCapture };
  readonly events: DetailEvents;
  /** Its findings, errors first: indexes into the record's `findings`; absent when it has none. */
  readonly findings?: readonly number[];
  /** The facts to establish: indexes into the record's `questions`; absent when there are none. */
  readonly toEstablish?: readonly number[];
  /** What would unlock it: indexes into the record's `findings`, whose `remedy` and `sql` say what to do; absent when nothing would. */
  readonly toUnlock?: readonly number[];
}

/**
 * The cheaper modes within reach as a `--detail` record writes them: each mode's facts to establish
 * (`asks`) as indexes into the record's `questions`, and what would unlock it (`toUnlock`) as
 * indexes into the record's `findings`, as a candidate's `toUnlock` (`recommend --json`'s
 * `questions` are those the modes ask, each once, in the order the modes first ask them).
 */
export interface DetailWithinReach {
  readonly modes: readonly (Omit<WithinReach, 'asks' | 'toUnlock'> & {
    readonly asks: readonly number[];
    readonly toUnlock: readonly number[];
  })[];
}

/** The parts of a `--detail` record that its candidates point into or share, and the candidates. */
export interface DetailCandidates {
  readonly findings: readonly DetailFinding[];
  readonly questions: readonly DetailQuestion[];
  /** The dialect and the table's names its questions' queries are written from (absent when no question's query is cited). */
  readonly sql?: DetailSqlNames;
  /** Each written out, or as `[key, ...values]` of a template of the legend (`templates`). */
  readonly texts: readonly RecordText[];
  /**
   * The kinds that differ from the legend's `kinds` (`kindsOf`); absent when none does or there is
   * no candidate.
   */
  readonly kinds?: Partial<DetailKinds>;
  /**
   * The fields of the candidates' configs besides `mode`, each once (the record's `body`'s value,
   * else the first candidate's), those of the record's `body` left out (`fieldsOf`): a candidate's
   * `config` is these of its mode unless it writes its own (`detailConfigFields`).
   */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** Absent when there is no candidate. */
  readonly estimate?: DetailEstimate;
  readonly candidates: readonly DetailCandidate[];
  readonly withinReach: DetailWithinReach;
  /** The reasons, cited: a sentence the same for every table of its kind by its key in the legend, any other in `texts`. */
  readonly reasons: readonly TextRef[];
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

/** What the table and the caller say of a kind of change, the same for every candidate. */
const kindOf = (k: KindCapture): Pick<KindCapture, 'table' | 'required'> => ({
  table: k.table,
  required: k.required,
});

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

/**
 * Whether a candidate of `status` that misses `misses` is recommendable, as a reader of a record
 * works it out: eligible, and missing no kind the caller requires.
 */
export const isRecommendable = (
  status: Candidate['status'],
  misses: readonly ChangeKind[],
  kinds: DetailKinds | undefined,
): boolean => status === 'eligible' && misses.every((kind) => kinds?.[kind].required !== true);

/**
 * Of each kind of change, whether the table of a `--detail` record whose `kinds` are `kinds` has
 * it and whether it is required: the record's, else the legend's (absent: this build's).
 */
export const kindsOf = (
  legend: Pick<DetailLegend, 'kinds'> | undefined,
  kinds: Partial<DetailKinds> | undefined,
): DetailKinds => {
  const plain = legend?.kinds ?? PLAIN_KINDS;
  return {
    inserts: kinds?.inserts ?? plain.inserts,
    updates: kinds?.updates ?? plain.updates,
    deletes: kinds?.deletes ?? plain.deletes,
  };
};

/** The fields of a record's `body` besides `mode` (none when it has no body). */
const bodyFields = (body: QueryModeBody | null | undefined): Record<string, unknown> => {
  const { mode, ...fields } = body?.config ?? { mode: undefined };
  return fields;
};

/**
 * Every config field of the candidates of a `--detail` record whose `body` and `fields` are given:
 * the body's fields besides `mode`, then the record's `fields`.
 */
export const fieldsOf = (
  body: QueryModeBody | null | undefined,
  fields: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> => ({ ...bodyFields(body), ...fields });

/** The config fields of mode `mode` taken from a record's `fields`, in the order the legend (absent: this build's) lists them. */
const fieldsOfMode = (
  legend: Pick<DetailLegend, 'fields'> | undefined,
  fields: Readonly<Record<string, unknown>> | undefined,
  mode: string,
): Record<string, unknown> =>
  Object.fromEntries(
    ((legend?.fields ?? MODE_FIELDS)[mode] ?? []).flatMap((name) =>
      fields !== undefined && Object.hasOwn(fields, name) ? [[name, fields[name]]] : [],
    ),
  );

/**
 * The fields of the body's `config` besides `mode` of candidate `c` of a `--detail` record whose
 * `fields` are `fields`: its own `config`, else the record's fields of its mode (the legend's
 * `fields`; absent: this build's).
 */
export const detailConfigFields = (
  legend: Pick<DetailLegend, 'fields'> | undefined,
  fields: Readonly<Record<string, unknown>> | undefined,
  c: Pick<DetailCandidate, 'mode' | 'config'>,
): Readonly<Record<string, unknown>> => c.config ?? fieldsOfMode(legend, fields, c.mode);

/** The estimate's unknowns a `--detail` candidate leaves out: its mode's `not_described` text of each of its `notDescribed`. */
const unknownByDefault = (c: Pick<DetailCandidate, 'mode' | 'notDescribed'>): TextRef[] =>
  (c.notDescribed ?? []).map((kind) => `events.not_described.${c.mode}.${kind}`);

/**
 * What the estimate of candidate `c` of a `--detail` record does not know, cited: its
 * `events.unknown`, else the default. Never throws: a candidate that cannot be read gives none.
 */
export const unknownOf = (c: Pick<DetailCandidate, 'mode' | 'notDescribed' | 'events'>): readonly TextRef[] =>
  neverThrows(
    (one: typeof c) => one.events.unknown ?? unknownByDefault(one),
    [c],
    () => [],
  );

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

const MODE_PATH = JSON.stringify(['config', 'mode']);

/**
 * What a finding of check `check` cites when its `cites` is absent: the legend's text keyed by its
 * check id, or for a check without one (`capture.change_kinds`), `capture`: what the first
 * candidate that lists the finding cites for the capture of the kind it `captures`.
 */
export const citesByDefault = (
  legend: Pick<DetailLegend, 'texts'> | undefined,
  check: string,
  capture: TextRef | undefined,
): TextRef => (legend !== undefined && Object.hasOwn(legend.texts, check) ? check : (capture ?? check));

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

/**
 * The `fact` of a finding that leaves it out: the path of its first question (`first`), or for the
 * finding of a kind of change (`capture.change_kinds`), `["changes", <its captures>]`.
 */
export const factByDefault = (
  f: Pick<DetailFinding, 'check' | 'captures'>,
  first: Pick<FactQuestion, 'path'> | undefined,
): Finding['fact'] =>
  first?.path ??
  (checkOf(f) === captureChangeKinds.id && f.captures !== undefined ? ['changes', f.captures] : undefined);

/** The check of finding `f` of a `--detail` record: its `check`, or when absent the captures check's. */
export const checkOf = (f: Pick<DetailFinding, 'check'>): string => f.check ?? captureChangeKinds.id;

/** The severity of finding `f` (its strength given) of a `--detail` record: its own, or the legend's of its strength and verdict. */
export const severityIn = (
  legend: Pick<DetailLegend, 'severities'> | undefined,
  f: Pick<DetailFinding, 'severity' | 'verdict'>,
  strength: Finding['strength'],
): Finding['severity'] => f.severity ?? legend?.severities?.[strength]?.[f.verdict] ?? 'warning';

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

/** The findings among `own` (indexes into `all`) that say what `wanted` says to do, as indexes. */
const unlocksOf = (all: readonly Finding[], own: readonly number[], wanted: readonly Unlock[]): number[] =>
  wanted.flatMap((u) => {
    const i = own.find((n) => {
      const f = all[n] as Finding;
      return f.rule === u.rule && f.remedy === u.action && f.sql === u.sql;
    });
    return i === undefined ? [] : [i];
  });

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
 * The dialect and the table's names the record's questions' queries are written from: the recipe
 * of the first question that has one, and the record's table; undefined without either.
 */
function sqlNames(context: RecordContext): DetailSqlNames | undefined {
  const recipe = context.questions.items.map(recipeOf).find((r) => r !== undefined);
  return recipe === undefined || context.table === null
    ? undefined
    : sqlNamesOf(recipe.dialect, context.table, recipe.database);
}

/** The items of `all` at `indexes`, in their order (an index out of the list is skipped). */
const pick = <F>(all: readonly F[] | undefined, indexes: readonly number[]): F[] =>
  indexes.flatMap((i) => (all?.[i] === undefined ? [] : [all[i] as F]));

/**
 * The findings of `candidate`, of a record whose `findings` are `all`. Never throws: arguments
 * that cannot be read (a throwing getter, a revoked proxy) give none.
 */
export const findingsOfCandidate = <F>(
  all: readonly F[],
  candidate: Pick<DetailCandidate, 'findings'>,
): F[] =>
  neverThrows(
    () => pick(all, candidate.findings ?? []),
    [],
    () => [],
  );

/**
 * What would unlock `candidate` (as `recommend --json` gives it), of a record whose `findings` are
 * `all`. Never throws: arguments that cannot be read give nothing.
 */
export const unlocksOfCandidate = (
  all: readonly Pick<Finding, 'rule' | 'remedy' | 'message' | 'sql'>[],
  candidate: Pick<DetailCandidate, 'toUnlock'>,
): Candidate['toUnlock'] =>
  neverThrows(
    () =>
      pick(all, candidate.toUnlock ?? []).map((f) => ({
        rule: f.rule,
        action: f.remedy ?? f.message,
        ...(f.sql === undefined ? {} : { sql: f.sql }),
      })),
    [],
    () => [],
  );

/** What of the legend a record's questions cite: the queries, and the texts and templates of their words. */
export type QuestionsLegend = Pick<DetailLegend, 'queries' | 'texts' | 'templates'>;

/**
 * The questions of a `--detail` record as `recommend --json` gives them, with the legend of its
 * stream (absent: this build's, built for the call when the record has questions: a reader of
 * many records passes one): each question's words and query put back (`fullQuestion`); a text
 * neither holds is given as its reference. Never throws: a record that cannot be read gives none.
 */
export const fullQuestions = (
  legend: QuestionsLegend | undefined,
  record: {
    readonly questions?: readonly DetailQuestion[];
    readonly sql?: DetailSqlNames;
    readonly texts?: readonly RecordText[];
  },
): FactQuestion[] =>
  neverThrows(
    (l: typeof legend, r: typeof record) => {
      const questions = r.questions ?? [];
      if (questions.length === 0) return [];
      const used = l ?? detailLegend();
      const text = (ref: TextRef): string => citedText(used, r.texts, ref) ?? String(ref);
      return questions.map((q) => fullQuestion(used.queries, r.sql, q, text));
    },
    [legend, record],
    () => [],
  );

/** The questions `indexes` name, of a record whose `questions` are `all`. Never throws: unreadable arguments give none. */
export const questionsAt = (
  all: readonly FactQuestion[] | undefined,
  indexes: readonly number[],
): FactQuestion[] =>
  neverThrows(
    () => pick(all, indexes),
    [],
    () => [],
  );

/**
 * The candidates of a `recommend --ndjson --detail` record, each fact written once: the record
 * holds every distinct finding of its candidates in `findings`, every distinct question in
 * `questions` and every text that names something of this table in `texts`; a candidate names
 * them by their place in those lists, and a text that is the same for every table (a rule's basis,
 * an estimate's assumption) by its key in the stream's legend (`detail-legend.ts`). Written out in
 * each candidate, the record was about 26 KB a table on the benchmark's tables. This module holds
 * the record's shapes and what a reader works out of what a record leaves out; the builder is
 * `detail-build.ts`.
 *
 * @module
 */

import type { EventsEstimate } from '../advisor/estimate/describe.js';
import type { Finding } from '../advisor/evaluate/findings.js';
import type { Candidate } from '../advisor/recommend/candidates.js';
import type { WithinReach } from '../advisor/recommend/within-reach.js';
import { captureChangeKinds } from '../advisor/rules/capture/change-kinds.js';
import type { FactQuestion } from '../advisor/sql/questions.js';
import type { QueryModeBody } from '../catalogue/body-types.js';
import type { ChangeKind } from '../catalogue/types.js';
import { neverThrows } from '../issues/unreadable.js';
import {
  type CitedCapture,
  citedText,
  type DetailKinds,
  type DetailLegend,
  detailLegend,
  MODE_FIELDS,
  PLAIN_ESTIMATE,
  PLAIN_KINDS,
  type RecordText,
  type TextRef,
} from './detail-legend.js';
import { type DetailQuestion, type DetailSqlNames, fullQuestion } from './detail-queries.js';

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
export const unlessPlain = <K extends keyof DetailLegend['plainEstimate']>(
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
export const bodyFields = (body: QueryModeBody | null | undefined): Record<string, unknown> => {
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
export const fieldsOfMode = (
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
export const unknownByDefault = (c: Pick<DetailCandidate, 'mode' | 'notDescribed'>): TextRef[] =>
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

/**
 * The legend of `recommend --ndjson --detail`: the texts that are the same for every table, each
 * by a stable key, written once as the stream's first line. A record cites them by key instead of
 * writing them again: a finding's and a capture's basis (the rule's quote, address or inference:
 * the check id, or `capture.<mode>.<kind>.<reason>`), the assumptions, notes and unknowns of an
 * estimate that name no number of the table (`events.*`). Built by `detailLegend()` when a stream
 * asks for it, once per stream: a run without `--detail` never builds it (it was 4 ms of every
 * start when built at load: issue 39).
 *
 * @module
 */

import { DEFAULT_HORIZON_HOURS } from '../advisor/estimate/defaults.js';
import {
  captureNotDescribed,
  ESTIMATE_SENTENCES,
  ESTIMATE_TEMPLATES,
  type EventsEstimate,
  estimateSentences,
  rateUnknown,
  readsChanges,
} from '../advisor/estimate/describe.js';
import {
  type CaptureReason,
  type CaptureVerdict,
  captureBasis,
  type KindCapture,
} from '../advisor/evaluate/capture.js';
import { basisOf, type Finding } from '../advisor/evaluate/findings.js';
import { hasKind } from '../advisor/facts/kind-set.js';
import { requiredKinds } from '../advisor/facts/must-capture.js';
import { profileWords, SOURCE_PROFILES } from '../advisor/facts/sources.js';
import { deletesWords, ONLY_RECOMMENDABLE, REASON_TEMPLATES } from '../advisor/recommend/reasons.js';
import { captureChangeKinds } from '../advisor/rules/capture/change-kinds.js';
import { type Reported, type Severity, severityOf } from '../advisor/rules/check.js';
import { CHECKS } from '../advisor/rules/index.js';
import { MODE_CHECKS } from '../advisor/rules/mode-checks.js';
import { QUESTION_TEMPLATES, QUESTION_TEXTS } from '../advisor/sql/question-words.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import type { ChangeKind, FieldSpec } from '../catalogue/types.js';
import { DATABASE_WORDS, type SourceWords } from '../dialects/words.js';
import { neverThrows } from '../issues/unreadable.js';
import { fillInOrder } from '../text/template.js';
import { type LegendQueries, legendQueries } from './detail-queries.js';
import type { TextRef } from './text-ref.js';

export type { TextRef } from './text-ref.js';

/**
 * What a check's findings share, whatever the table: its rule, its strength, the kind of its
 * source, and where its words have parameters, its message and remedy templates by key (`{name}`
 * stands for a parameter).
 */
export interface LegendCheck extends Pick<Finding, 'rule' | 'strength' | 'source'> {
  readonly words?: Readonly<Record<string, string>>;
}

/** A capture as a `--detail` candidate writes it: its verdict, and its basis cited. */
export interface CitedCapture {
  readonly verdict: CaptureVerdict;
  /** Why: a key of the legend's `texts` (or an index into the record's `texts`). */
  readonly cites: TextRef;
}

/** Of each kind of change, for the table: whether it has it, and whether the caller requires it. */
export type DetailKinds = { readonly [K in ChangeKind]: Pick<KindCapture, 'table' | 'required'> };

/** The first line of a `--detail` stream: every text its records may cite, by key, and what each mode captures. */
export interface DetailLegend {
  readonly kind: 'legend';
  /** What the service's table of what each mode captures says of each mode and kind of change. */
  readonly captures: Readonly<Record<string, Readonly<Record<ChangeKind, 'yes' | 'no' | 'not_described'>>>>;
  /**
   * Of each mode and kind of change, its capture in a table pipeline with every condition of it
   * holding (the service's table, deletes not replicated): a candidate writes only the captures
   * that differ.
   */
  readonly plainCaptures: Readonly<Record<string, Readonly<Record<ChangeKind, CitedCapture>>>>;
  /**
   * Of each mode, what its estimate assumes when it reads only changes (that it reads them, and that
   * the rates make an upper bound), and by `<mode>.<kind>` of a kind of source with words of its own
   * (`salesforce`): a candidate writes its `assumptions` only when they differ (`plainAssumptionsOf`).
   */
  readonly plainAssumptions: Readonly<Record<string, readonly TextRef[]>>;
  /**
   * Of each mode, the fields of its body's `config` besides `mode`, in the catalogue's order: a
   * candidate's config is the record's `fields` of these unless it writes its own (`detailConfigFields`).
   */
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /**
   * Of each kind of change, whether a table has it and whether it is required, as a table that
   * says nothing of deletes has them with the default `--must-capture`: a record's `kinds` holds
   * only the kinds that differ (`kindsOf`).
   */
  readonly kinds: DetailKinds;
  /**
   * What the estimates of a record share, as the default options and traits that give the
   * frequency make them (the default span, counting by query): a record's `estimate` writes them
   * only where they differ.
   */
  readonly plainEstimate: Pick<EventsEstimate, 'counting' | 'horizonHours' | 'frequencyDefault'>;
  /** Of each check (by id), what its findings share: a finding writes only what differs. */
  readonly checks: Readonly<Record<string, LegendCheck>>;
  /**
   * The severity of a finding of each strength and verdict: a finding writes its `severity` only
   * where it differs (a capture condition's, which binds when it decides a required kind).
   */
  readonly severities: Readonly<Record<Finding['strength'], Readonly<Record<Reported, Severity>>>>;
  /**
   * Of each dialect (by name) and shape of table name (`database`, `schema`: the outermost part it
   * has; `table`: none), the statement of each question, of the table (`table`, by what it asks)
   * and of a column (`column`), `{database}`, `{schema}`, `{table}` and `{column}` standing for the
   * names (a record's `sql` gives them): a question writes its query only where these do not give it.
   */
  readonly queries: LegendQueries;
  /** Each text by its key; a record's text reference that is a string is one of these keys. */
  readonly texts: Readonly<Record<string, string>>;
  /**
   * Each text template by its key (`{name}` stands for a parameter): a record's text that is a
   * list `[key, ...values]` is that template with its parameters, in the order each first appears,
   * replaced by the values (a value that is a number: the record's text at that index, which is
   * written out or a template whose values are all strings).
   */
  readonly templates: Readonly<Record<string, string>>;
}

/**
 * A text of a `--detail` record's `texts`: written out, or `[key, ...values]` of a template of the
 * legend, a value a string or the index of another text of the record.
 */
export type RecordText = string | readonly (string | number)[];

/** The reasons whose basis names no condition of the mode. */
const PLAIN_REASONS: readonly CaptureReason[] = ['spec_no', 'spec_not_described', 'spec_yes'];

/**
 * Every text of the legend, by key, in a stable order: checks, captures, estimates, questions,
 * the reasons about deletes.
 */
function legendTexts(): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const check of CHECKS) texts[check.id] = basisOf(check.source);
  for (const checks of MODE_CHECKS) addModeTexts(texts, checks);
  const first = MODE_CHECKS[0]?.mode;
  if (first !== undefined) addSharedCaptureTexts(texts, first);
  for (const [key, text] of Object.entries(ESTIMATE_SENTENCES)) texts[`events.${key}`] = text;
  texts['reasons.only_recommendable'] = ONLY_RECOMMENDABLE;
  const sources: [string, SourceWords][] = [
    ...Object.entries(SOURCE_PROFILES).map(([kind, profile]): [string, SourceWords] => [
      kind,
      profileWords(profile),
    ]),
    ['database', DATABASE_WORDS],
  ];
  addSourceEstimateTexts(texts, sources);
  for (const [key, text] of Object.entries(QUESTION_TEXTS)) texts[`questions.${key}`] = text;
  addLateWritesTexts(texts, sources);
  addDeletesTexts(texts, sources);
  return texts;
}

/**
 * Adds to `texts` those of the mode of `checks`: the basis of the capture of each kind (for each
 * plain reason, and for each of its conditions failed or unknown), what its estimate does not
 * describe of each kind, and that it reads changes.
 */
function addModeTexts(texts: Record<string, string>, checks: (typeof MODE_CHECKS)[number]): void {
  const mode = checks.mode;
  const own = mode.rules.flatMap((r) =>
    [...checks.table, ...checks.field, ...checks.columnFields.flatMap((f) => f.column)].filter(
      (c) => c.rule === r.id && c.captures !== undefined,
    ),
  );
  for (const kind of CHANGE_KINDS) {
    const at = (
      reason: CaptureReason,
      key = `capture.${mode.id}.${kind}.${reason}`,
      check = undefined as (typeof own)[number] | undefined,
    ) => {
      texts[key] = captureBasis(
        mode,
        kind,
        { table: 'unknown', mode: 'yes', verdict: 'captured', required: false, reason },
        check,
      );
    };
    for (const reason of PLAIN_REASONS) at(reason);
    for (const check of own.filter((c) => c.captures === kind)) {
      at('condition_failed', `capture.${mode.id}.${kind}.condition_failed.${check.id}`, check);
      at('condition_unknown', `capture.${mode.id}.${kind}.condition_unknown.${check.id}`, check);
    }
    texts[`events.not_described.${mode.id}.${kind}`] = captureNotDescribed(mode.id, kind);
  }
  texts[`events.reads_changes.${mode.id}`] = readsChanges(mode.id);
}

/**
 * Adds to `texts` the texts of no one mode, in the words of mode `first` (they name none): the
 * basis of a capture read from the log and the rate not known, of each kind, and the basis of
 * deletes documented as missed.
 */
function addSharedCaptureTexts(
  texts: Record<string, string>,
  first: (typeof MODE_CHECKS)[number]['mode'],
): void {
  const base = { table: 'unknown', mode: 'yes', verdict: 'captured', required: false } as const;
  for (const kind of CHANGE_KINDS) {
    texts[`capture.log.${kind}`] = captureBasis(first, kind, { ...base, reason: 'log' });
    texts[`events.rate_unknown.${kind}`] = rateUnknown(kind);
  }
  texts['capture.documented_deletes'] = captureBasis(first, 'deletes', {
    ...base,
    reason: 'documented_deletes',
  });
}

/**
 * Adds to `texts` the estimate's sentences of each kind of source (of `sources`) with nouns of
 * its own (Salesforce: objects and records), where they differ from the databases', by
 * `<key>.<kind>`.
 */
function addSourceEstimateTexts(
  texts: Record<string, string>,
  sources: readonly [string, SourceWords][],
): void {
  for (const [kind, { nouns }] of sources) {
    if (nouns === DATABASE_WORDS.nouns) continue;
    for (const [key, text] of Object.entries(estimateSentences(nouns)))
      if (text !== texts[`events.${key}`]) texts[`events.${key}.${kind}`] = text;
    for (const { mode } of MODE_CHECKS)
      for (const kindOfChange of CHANGE_KINDS)
        texts[`events.not_described.${mode.id}.${kindOfChange}.${kind}`] = captureNotDescribed(
          mode.id,
          kindOfChange,
          nouns.table,
        );
  }
}

/**
 * Adds to `texts` the delay window's question in each kind's words (of `sources`): the databases'
 * by key, another kind's by `<key>.<kind>` where no text yet says it.
 */
function addLateWritesTexts(texts: Record<string, string>, sources: readonly [string, SourceWords][]): void {
  for (const [kind, { lateWrites }] of [...sources].reverse()) {
    const own = kind === 'database' ? '' : `.${kind}`;
    for (const [key, text] of [
      ['questions.late_writes', lateWrites.question],
      ['questions.no_query.late_writes', lateWrites.noQuery],
    ] as const)
      if (own === '' || !Object.values(texts).includes(text)) texts[`${key}${own}`] = text;
  }
}

/**
 * Adds to `texts` the reasons about deletes the table has or may have, required or not: the
 * databases' words under a key that names no kind, a kind (of `sources`) with words of its own
 * under its kind.
 */
function addDeletesTexts(texts: Record<string, string>, sources: readonly [string, SourceWords][]): void {
  for (const has of ['yes', 'unknown'] as const)
    for (const required of ['', '.required'])
      for (const [kind, words] of [['', DATABASE_WORDS] as const, ...sources]) {
        const text = deletesWords(has, words, required !== '');
        if (kind === '' || text !== texts[`reasons.deletes.${has}${required}`])
          texts[`reasons.deletes.${has}${kind === '' ? '' : `.${kind}`}${required}`] = text;
      }
}

/** The capture of each kind by `mode` in a table pipeline whose conditions hold (see `reasonOf` in `capture.ts`). */
function plainCaptures(mode: (typeof MODE_CHECKS)[number]['mode']): Record<ChangeKind, CitedCapture> {
  const of = (kind: ChangeKind): CitedCapture => {
    if (kind === 'deletes') return { verdict: 'missed', cites: 'capture.documented_deletes' };
    const [verdict, reason] = PLAIN[mode.captures[kind].value];
    return { verdict, cites: `capture.${mode.id}.${kind}.${reason}` };
  };
  return { inserts: of('inserts'), updates: of('updates'), deletes: of('deletes') };
}

/** The verdict and reason of what the service's table says of a mode. */
const PLAIN: { readonly [V in 'yes' | 'no' | 'not_described']: readonly [CaptureVerdict, CaptureReason] } = {
  yes: ['captured', 'spec_yes'],
  no: ['missed', 'spec_no'],
  not_described: ['not_described', 'spec_not_described'],
};

/** Every check's shared part, and the capture findings' (whose basis and source vary with the table). */
function legendChecks(): Record<string, LegendCheck> {
  const checks: Record<string, LegendCheck> = {};
  for (const check of CHECKS) {
    const shared = { rule: check.rule, strength: check.strength, source: check.source.kind };
    checks[check.id] = check.words === undefined ? shared : { ...shared, words: check.words };
  }
  const capture = captureChangeKinds;
  checks[capture.id] = {
    rule: capture.rule,
    strength: capture.strength,
    source: capture.usualSource,
    words: capture.words,
  };
  return checks;
}

/** What the estimates of a record share by default (the default span, counting by query): the legend's `plainEstimate`. */
export const PLAIN_ESTIMATE: DetailLegend['plainEstimate'] = Object.freeze({
  counting: 'query',
  horizonHours: DEFAULT_HORIZON_HOURS,
  frequencyDefault: false,
});

/** Of each kind of change, as a table that says nothing of deletes has them with the default `--must-capture`: the legend's `kinds`. */
export const PLAIN_KINDS: DetailKinds = Object.freeze({
  inserts: { table: 'yes', required: hasKind(requiredKinds(undefined), 'inserts') },
  updates: { table: 'yes', required: hasKind(requiredKinds(undefined), 'updates') },
  deletes: { table: 'unknown', required: hasKind(requiredKinds(undefined), 'deletes') },
});

/** Of each mode, the fields of its body's `config` besides `mode`, in the catalogue's order: the legend's `fields`. */
export const MODE_FIELDS: DetailLegend['fields'] = Object.freeze(
  Object.fromEntries(
    MODE_CHECKS.map(({ mode }) => [mode.id, (mode.fields as readonly FieldSpec[]).map((f) => f.name)]),
  ),
);

/**
 * The legend of every `--detail` stream of this build, built on each call: a writer builds it
 * once per stream (`detailWriter`), a reader of records is given its stream's.
 */
export function detailLegend(): DetailLegend {
  const texts = Object.freeze(legendTexts());
  return Object.freeze({
    kind: 'legend',
    captures: Object.fromEntries(
      MODE_CHECKS.map(({ mode }) => [
        mode.id,
        {
          inserts: mode.captures.inserts.value,
          updates: mode.captures.updates.value,
          deletes: mode.captures.deletes.value,
        },
      ]),
    ),
    plainCaptures: Object.fromEntries(MODE_CHECKS.map(({ mode }) => [mode.id, plainCaptures(mode)])),
    plainAssumptions: Object.fromEntries(
      MODE_CHECKS.flatMap(({ mode }) => [
        [mode.id, [`events.reads_changes.${mode.id}`, 'events.upper_bound']],
        // A kind of source with words of its own (Salesforce's records) bounds its rates in them.
        ...Object.keys(SOURCE_PROFILES).flatMap((kind) =>
          Object.hasOwn(texts, `events.upper_bound.${kind}`)
            ? [[`${mode.id}.${kind}`, [`events.reads_changes.${mode.id}`, `events.upper_bound.${kind}`]]]
            : [],
        ),
      ]),
    ),
    fields: MODE_FIELDS,
    kinds: PLAIN_KINDS,
    plainEstimate: PLAIN_ESTIMATE,
    checks: legendChecks(),
    severities: Object.fromEntries(
      (['hard', 'advice'] as const).map((strength) => [
        strength,
        { no: severityOf(strength, 'no'), unknown: severityOf(strength, 'unknown') },
      ]),
    ) as DetailLegend['severities'],
    queries: legendQueries(),
    texts,
    templates: Object.freeze({
      ...Object.fromEntries(Object.entries(ESTIMATE_TEMPLATES).map(([key, t]) => [`events.${key}`, t])),
      ...Object.fromEntries(Object.entries(REASON_TEMPLATES).map(([key, t]) => [`reasons.${key}`, t])),
      ...Object.fromEntries(Object.entries(QUESTION_TEMPLATES).map(([key, t]) => [`questions.${key}`, t])),
    }),
  });
}

/** The text `ref` cites, of a record whose own texts are `texts`; undefined when neither holds it (or an argument cannot be read). */
export const citedText = (
  legend: Pick<DetailLegend, 'texts' | 'templates'> | undefined,
  texts: readonly RecordText[] | undefined,
  ref: TextRef,
): string | undefined => neverThrows(textOf, [legend, texts, ref], () => undefined);

const textOf = (
  legend: Pick<DetailLegend, 'texts' | 'templates'> | undefined,
  texts: readonly RecordText[] | undefined,
  ref: TextRef,
): string | undefined => {
  if (typeof ref === 'number') return ownText(legend, texts, ref, true);
  const text = legend !== undefined && Object.hasOwn(legend.texts, ref) ? legend.texts[ref] : undefined;
  return typeof text === 'string' ? text : undefined;
};

/** The record's text at `at`, its template filled (a value that is an index read as a text too, when `nested`). */
function ownText(
  legend: Pick<DetailLegend, 'templates'> | undefined,
  texts: readonly RecordText[] | undefined,
  at: number,
  nested: boolean,
): string | undefined {
  const text = texts?.[at];
  if (typeof text === 'string' || !Array.isArray(text)) return typeof text === 'string' ? text : undefined;
  const [key, ...values] = text;
  const template =
    typeof key === 'string' && legend !== undefined && Object.hasOwn(legend.templates, key)
      ? legend.templates[key]
      : undefined;
  if (template === undefined) return undefined;
  const words = values.map((v) => (typeof v === 'number' && nested ? ownText(legend, texts, v, false) : v));
  return words.every((w) => typeof w === 'string') ? fillInOrder(template, words as string[]) : undefined;
}

/**
 * What the estimate of a candidate of mode `mode` assumes when its record leaves `assumptions` out,
 * the record's traits of source `source`: the legend's `plainAssumptions` of `<mode>.<source>`, or
 * else of the mode.
 */
export const plainAssumptionsOf = (
  legend: Pick<DetailLegend, 'plainAssumptions'> | undefined,
  mode: string,
  source: unknown,
): readonly TextRef[] | undefined => {
  const own = typeof source === 'string' ? `${mode}.${source}` : undefined;
  const all = legend?.plainAssumptions;
  if (all === undefined) return undefined;
  return own !== undefined && Object.hasOwn(all, own)
    ? all[own]
    : Object.hasOwn(all, mode)
      ? all[mode]
      : undefined;
};

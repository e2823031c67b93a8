/**
 * An events estimate in words: the formula with its numbers, the notes that hold for every mode
 * (billing, frequency, horizon) and the assumptions of this mode, each with its source.
 *
 * @module
 */
import type { QueryMode } from '../../catalogue/modes.js';
import { DATABASE_WORDS, type SourceNouns } from '../../dialects/words.js';
import { DOCUMENTED } from '../facts/documented.js';
import { profileWords, SOURCE_PROFILES } from '../facts/sources.js';
import type { TableFacts } from '../facts/table-facts.js';
import { formatCount, formatMinutes, formatNumber } from '../text/format.js';
import { sourceWords } from '../text/source-words.js';
import type { EventsCount, MissingFact } from './count.js';
import { DEFAULT_FREQUENCY_MINUTES } from './defaults.js';

/** An estimate of the events a mode bills, with how it was made. */
export interface EventsEstimate {
  /** The mode. */
  readonly mode: QueryMode;
  /** Billed (incremental) events over the span, or null when a needed fact is not known (see `unknown`). */
  readonly billed: number | null;
  /** Why `billed` is null, one sentence per missing fact; empty when it is known. */
  readonly unknown: readonly string[];
  /** The historical (first) load: the table's rows now, reported apart and not billed. */
  readonly historical: { readonly events: number | null; readonly billed: false };
  /** With a timeline: the billed events of each run, in order. */
  readonly perRun: readonly number[] | null;
  /** Where incremental events come from: the query mode's reads, or the database's log (log-based pipeline). */
  readonly counting: 'query' | 'log';
  /** The span, in hours. */
  readonly horizonHours: number;
  /** The replication frequency used, in minutes. */
  readonly frequencyMinutes: number;
  /** Whether that frequency is the service's documented default (the pipeline's is not known). */
  readonly frequencyDefault: boolean;
  /** How many times the mode reads the table over the span. */
  readonly reads: number;
  /** The formula, with the numbers used. */
  readonly formula: string;
  /** What holds for every mode of this estimate: billing, frequency, span. */
  readonly notes: readonly string[];
  /** What this mode's estimate assumes. */
  readonly assumptions: readonly string[];
}

/**
 * The sentences of an estimate that are the same for every table of a kind of source, by a stable
 * key, in its words (`nouns`: a table and its rows, or a Salesforce object and its records):
 * `--detail`'s legend writes them once per kind and its records cite them by key
 * (`records/detail-legend.ts`).
 */
export const estimateSentences = (n: SourceNouns) =>
  ({
    rows_unknown: `the number of ${n.rows} is not known.`,
    overflow: 'the numbers are too large to count exactly (beyond 2^53), so no number is given.',
    // A platform with words of its own (Salesforce) gives its sentence, cited in the record's own texts.
    deletes_left_out: DATABASE_WORDS.deletesLeftOut,
    log_based: `In a log-based pipeline, the query mode serves only the historical load: incremental data comes from the database's log, so the billed events do not depend on the query mode (documented at ${DOCUMENTED.eventsQueryModes}). That every kind of change counts is querymode's inference from the log's documented one-to-one replication (${DOCUMENTED.ingestionModes}).`,
    load_bills_rows: `Each load bills every ${n.row} of the ${n.table} as it is then (documented at ${DOCUMENTED.eventsQueryModes}).`,
    growth_not_known: `The ${n.table}'s growth is not known (the inserts a day): each load is taken to read the ${n.rows} counted now, so a growing ${n.table} bills more.`,
    growth_rates: `The ${n.table} grows by its inserts a day less its deletes a day (deletes not known count as none).`,
    upper_bound: `Several updates of one ${n.row} between two runs are read once, so the rates make this an upper bound.`,
  }) as const;

/** The sentences of {@link estimateSentences} in the databases' words (the legend's `events.*` keys). */
export const ESTIMATE_SENTENCES = estimateSentences(DATABASE_WORDS.nouns);

/** The sentences of every kind's nouns, built once: an estimate is described for each candidate of each table. */
const SENTENCES_OF_NOUNS: ReadonlyMap<SourceNouns, typeof ESTIMATE_SENTENCES> = new Map(
  Object.values(SOURCE_PROFILES).map((p) => {
    const nouns = profileWords(p).nouns;
    return [nouns, estimateSentences(nouns)];
  }),
);

/** The sentences of {@link estimateSentences} in `n`. */
const sentencesIn = (n: SourceNouns): typeof ESTIMATE_SENTENCES =>
  SENTENCES_OF_NOUNS.get(n) ?? estimateSentences(n);

/** The note that the historical load of `count` (in words) `rows` (the source's noun) is not billed. */
const historicalNote = (count: string, rows: string): string =>
  `Billed events are incremental: the historical (first) load of ${count} ${rows} is reported apart and not billed (documented at ${DOCUMENTED.eventsQueryModes}).`;

/** The note of the replication frequency, `every` in words. */
const runsEvery = (every: string): string => `The pipeline runs every ${every}.`;

/** The note of the span of `hours`. */
const spanNote = (hours: string): string =>
  `The span is ${hours} hours; changes after the last run in it are not counted.`;

/** The assumption of a whole-table read: the service waits `wait` hours after a load of the `table` (the source's noun), so it loads `every`. */
const reloadWait = (wait: string, table: string, every: string): string =>
  `After each load the service waits ${wait} hours before loading the ${table} again (service rules: full_load reload wait), so it loads at the first run ${wait} hours or more after the previous load: every ${every} (the time a load takes is taken as zero: inference).`;

/** The parts of the formula of a mode that reads changes: `rates` (symbolic) and `numbers` over `reads` runs of `every` covering `days`; `result` ` = <billed>` or empty. */
interface ChangesFormula {
  readonly rates: string;
  readonly reads: string;
  readonly every: string;
  readonly numbers: string;
  readonly days: string;
  readonly result: string;
}

/** The formula of a mode that reads changes, from its parts. */
const changesFormula = (f: ChangesFormula) =>
  `${f.rates} × days covered by ${f.reads} runs of ${f.every} = ${f.numbers} × ${f.days}${f.result}`;

/** The parts of the formula of a whole-table read of a growing table: `reads` loads of `rows` (`noun`: the source's), growing by `net` a day every `days`; `result` as above. */
interface GrowthFormula {
  readonly noun: string;
  readonly reads: string;
  readonly rows: string;
  readonly net: string;
  readonly days: string;
  readonly next: string;
  readonly result: string;
}

/** The formula of a whole-table read of a growing table, from its parts. */
const growthFormula = (f: GrowthFormula) =>
  `Σ over ${f.reads} loads of (${f.noun} + net growth a day × days since now) = ${f.reads} × ${f.rows} + ${f.net} × ${f.days} × ${f.reads} × ${f.next} ÷ 2${f.result}`;

/** Each part of a formula as its template parameter (`{name}`). */
const CHANGES_PARAMETERS = {
  rates: '{rates}',
  reads: '{reads}',
  every: '{every}',
  numbers: '{numbers}',
  days: '{days}',
  result: '',
} as const satisfies ChangesFormula;

/** Each part of the growth formula as its template parameter (`{name}`). */
const GROWTH_PARAMETERS = {
  noun: '{noun}',
  reads: '{reads}',
  rows: '{rows}',
  net: '{net}',
  days: '{days}',
  next: '{next}',
  result: '',
} as const satisfies GrowthFormula;

/**
 * The texts of an estimate that name numbers of the table, as templates by key (`{name}` stands for
 * a parameter: `text/template.ts`): `--detail`'s legend writes them once and a record gives their
 * parameters alone.
 */
export const ESTIMATE_TEMPLATES = {
  historical: historicalNote('{count}', '{rows}'),
  runs_every: runsEvery('{every}'),
  span: spanNote('{hours}'),
  reload_wait: reloadWait('{wait}', '{table}', '{every}'),
  changes_formula: changesFormula(CHANGES_PARAMETERS),
  changes_formula_billed: changesFormula({ ...CHANGES_PARAMETERS, result: ' = {billed}' }),
  growth_formula: growthFormula(GROWTH_PARAMETERS),
  growth_formula_billed: growthFormula({ ...GROWTH_PARAMETERS, result: ' = {billed}' }),
} as const;

/** The sentence that a kind's rate a day is not known (one per kind of change). */
export const rateUnknown = (kind: string): string => `the ${kind} a day are not known.`;

/** The sentence that a mode's capture of a kind is not described (one per mode and kind), of a table (or object, `table`). */
export const captureNotDescribed = (mode: string, kind: string, table = DATABASE_WORDS.nouns.table): string =>
  `Whether \`${mode}\` captures ${kind} is not described by the service's documentation, and the ${table} may have ${kind}.`;

/** The assumption of a mode that reads changes (one per mode). */
export const readsChanges = (mode: string): string =>
  `Each run reads the changes since the previous run of the kinds \`${mode}\` captures (service rules: what each mode captures); each change counts as one event, as in the service's worked examples (service rules: billed events).`;

function missingText(m: MissingFact, mode: string, n: SourceNouns): string {
  switch (m.fact) {
    case 'rows':
      return sentencesIn(n).rows_unknown;
    case 'rate':
      return rateUnknown(m.kind);
    case 'not_described':
      return captureNotDescribed(mode, m.kind, n.table);
    case 'overflow':
      return ESTIMATE_SENTENCES.overflow;
  }
}

/** The notes that hold for every mode of an estimate. */
export function commonNotes(count: EventsCount, facts: TableFacts, timeline: boolean): string[] {
  const words = sourceWords(facts);
  const notes = [
    count.historical === null
      ? `Billed events are incremental: the historical (first) load is reported apart and not billed (documented at ${DOCUMENTED.eventsQueryModes}).`
      : historicalNote(formatCount(count.historical), words.nouns.rows),
    count.frequencyDefault
      ? `The pipeline's replication frequency is not known: the service's documented default for ${facts.pipelineMode === 'log_based' ? 'log-based' : 'table-mode'} pipelines, ${formatMinutes(count.frequencyMinutes)}, is used (documented at ${DEFAULT_FREQUENCY_MINUTES.address}).`
      : runsEvery(formatMinutes(count.frequencyMinutes)),
    timeline
      ? `The span is the timeline: one run per entry, ${formatNumber(count.horizonHours)} hours.`
      : spanNote(formatNumber(count.horizonHours)),
  ];
  notes.push(count.counting === 'log' ? ESTIMATE_SENTENCES.log_based : words.deletesLeftOut);
  return notes;
}

function formulaOf(count: EventsCount, facts: TableFacts): string {
  const rows = sourceWords(facts).nouns.rows;
  const per = count.perRun;
  if (per !== null) {
    const terms = count.growth === 'timeline' ? per.filter((n) => n > 0) : per;
    const sum = terms.length === 0 ? '0' : terms.map(formatNumber).join(' + ');
    return count.billed === null ? sum : `${sum} = ${count.billed}`;
  }
  const result = count.billed === null ? '' : ` = ${count.billed}`;
  if (count.growth !== null) {
    if (count.historical === null) return `loads × ${rows} (${rows} not known)`;
    const net =
      count.growth === 'rates'
        ? (facts.has.inserts === 'no' ? 0 : (facts.perDay.inserts ?? 0)) -
          (facts.has.deletes === 'no' ? 0 : (facts.perDay.deletes ?? 0))
        : 0;
    if (net === 0) return `loads × ${rows} = ${count.reads} × ${count.historical}${result}`;
    return growthFormula({
      noun: rows,
      reads: String(count.reads),
      rows: String(count.historical),
      net: formatNumber(net),
      days: formatNumber(count.intervalMinutes / 1440),
      next: String(count.reads + 1),
      result,
    });
  }
  const names = count.kinds.map((k) => `${k} a day`);
  const symbolic =
    names.length === 0 ? '0' : names.length === 1 ? (names[0] as string) : `(${names.join(' + ')})`;
  const values = count.kinds.map((k) =>
    facts.has[k] === 'no'
      ? '0'
      : facts.perDay[k] === undefined
        ? '?'
        : formatNumber(facts.perDay[k] as number),
  );
  const numbers =
    values.length === 0 ? '0' : values.length === 1 ? (values[0] as string) : `(${values.join(' + ')})`;
  const covered = (count.reads * count.frequencyMinutes) / 1440;
  return changesFormula({
    rates: symbolic,
    reads: String(count.reads),
    every: formatMinutes(count.frequencyMinutes),
    numbers,
    days: formatNumber(covered),
    result,
  });
}

function assumptionsOf(count: EventsCount, n: SourceNouns): string[] {
  const mode = count.mode;
  if (count.counting === 'log') return [];
  if (count.growth !== null) {
    const wait = mode.limits?.reloadWaitHours ?? 0;
    const sentences = sentencesIn(n);
    const out = [
      reloadWait(String(wait), n.table, formatMinutes(count.intervalMinutes)),
      sentences.load_bills_rows,
    ];
    if (count.growth === 'not_known') out.push(sentences.growth_not_known);
    if (count.growth === 'rates') out.push(sentences.growth_rates);
    return out;
  }
  const out = [readsChanges(mode.id)];
  if (count.perRun === null) out.push(sentencesIn(n).upper_bound);
  return out;
}

/** The words of an estimate. */
export function describeEvents(count: EventsCount, facts: TableFacts, timeline: boolean): EventsEstimate {
  const nouns = sourceWords(facts).nouns;
  return {
    mode: count.mode.id as QueryMode,
    billed: count.billed,
    unknown: count.missing.map((m) => missingText(m, count.mode.id, nouns)),
    historical: { events: count.historical, billed: false },
    perRun: count.perRun,
    counting: count.counting,
    horizonHours: count.horizonHours,
    frequencyMinutes: count.frequencyMinutes,
    frequencyDefault: count.frequencyDefault,
    reads: count.reads,
    formula: formulaOf(count, facts),
    notes: commonNotes(count, facts, timeline),
    assumptions: assumptionsOf(count, nouns),
  };
}

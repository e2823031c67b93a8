/**
 * The reasons of a recommendation, in plain sentences, the verdict first.
 *
 * @module
 */
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import type { ChangeKind } from '../../catalogue/types.js';
import type { SourceWords } from '../../dialects/words.js';
import { countOf } from '../../text/count.js';
import { shownName } from '../../text/visible.js';
import type { EventsEstimate } from '../estimate/describe.js';
import { described, type Evaluation, kindOf } from '../evaluate/candidate.js';
import type { CheckOutcome } from '../evaluate/outcome.js';
import { hasKind, kindsIn, NO_KINDS } from '../facts/kind-set.js';
import { decidingCriterion } from '../ranking/policy.js';
import type { Ranked } from '../ranking/rank.js';
import { readableGrant } from '../rules/general/table-readable.js';
import { formatCount, formatNumber, listCode, listWords } from '../text/format.js';
import { sourceWords } from '../text/source-words.js';
import type { RankedAdvice } from './advise.js';
import { awaitsFacts } from './advise.js';
import { growthSentences } from './growth-reasons.js';

const days = (hours: number): string =>
  hours % 24 === 0
    ? `${formatNumber(hours / 24)} day${hours === 24 ? '' : 's'}`
    : `${formatNumber(hours)} hours`;

function has(e: Evaluation): ChangeKind[] {
  return CHANGE_KINDS.filter((k) => e.facts.has[k] === 'yes');
}

/** Why the capture of a kind the mode needs is not settled, in words. */
function whyUnsettled(e: Evaluation, kind: ChangeKind): string {
  const { table, column } = sourceWords(e.facts).nouns;
  if (e.facts.has[kind] === 'unknown') return `whether the ${table} has ${kind} is not known`;
  if (kindOf(e, kind).reason === 'condition_unknown')
    return `whether its ${column} meets the condition of capturing ${kind} is not known`;
  return `the ${table} has ${kind}, and whether the pipeline is log-based is not known (a table or custom SQL pipeline loses them)`;
}

/** What a candidate does with the changes the table has, in one sentence about `subject` (the mode, or "It"). */
function captureSentence(e: Evaluation, subject = `\`${e.checks.mode.id}\``): string {
  const mode = subject;
  const id = `\`${e.checks.mode.id}\``;
  const kinds = has(e);
  const table = sourceWords(e.facts).nouns.table;
  if (kinds.length > 0 && kinds.every((k) => kindOf(e, k).verdict === 'from_log'))
    return `In a log-based pipeline ${subject === 'It' ? 'it' : mode} serves only the historical load; the ${listWords(kinds)} the ${table} has come from the database's log (the service's public documentation; docs/service.md).`;
  const unsettled = kindsIn(e.capture.unsettled);
  if (unsettled.length > 0)
    return `${mode} may miss ${listWords(unsettled)}: ${listWords(unsettled.map((k) => whyUnsettled(e, k)))}; once that is settled, it is the mode to use if it captures them, or if the caller says they need not be captured (--must-capture).`;
  const missed = kindsIn(e.capture.knownMisses);
  if (missed.length > 0)
    return `${mode} misses ${listWords(missed)}, which the ${table} has and the caller accepts (it said ${missed.length === 1 ? 'it needs' : 'they need'} not be captured).`;
  if (kinds.length === 0) {
    const open = CHANGE_KINDS.filter((k) => e.facts.has[k] === 'unknown');
    return open.length === 0
      ? `The ${table} is known to have no inserts, updates or deletes, so ${subject === 'It' ? 'it' : mode} is known to miss none.`
      : `${mode} captures every kind of change the caller requires that the ${table} may have (whether it has ${listWords(open)} is not known).`;
  }
  if (e.capture.notDescribed !== 0)
    return `Capture of ${listWords(kindsIn(e.capture.notDescribed))} by ${id} is not described by the service's documentation; it is not known to miss any kind of change the ${table} has, and no recommendable mode is shown to capture them all (${listWords(kinds)}).`;
  const open = CHANGE_KINDS.filter(
    (k) => k !== 'deletes' && e.facts.has[k] === 'unknown' && !hasKind(e.capture.captured, k),
  );
  return `${mode} captures every kind of change the ${table} is known to have (${listWords(kinds)})${open.length === 0 ? '' : `; whether it has ${listWords(open)} is not known, and the caller does not require ${open.length === 1 ? 'it' : 'them'}`}.`;
}

/**
 * Deletes the table has or may have, stated with what to do, in its source's words: no query mode
 * captures deletes (the service's table of what each mode captures has no column for them) and
 * table and custom SQL pipelines do not replicate them, so they decide nothing between modes
 * unless the caller asks for them (`mustCapture`), which no query mode can meet.
 */
function deletesSentence(e: Evaluation): string[] {
  if (e.facts.pipelineMode === 'log_based' || e.facts.has.deletes === 'no') return [];
  return [deletesWords(e.facts.has.deletes, sourceWords(e.facts), hasKind(e.required, 'deletes'))];
}

/**
 * The sentence on deletes a table has (`yes`) or may have (`unknown`), in `words` (its source's),
 * and whether the caller requires them (`asked`): the same for every table of a kind of source,
 * so the legend of `--detail` holds each.
 */
export function deletesWords(has: 'yes' | 'unknown', words: SourceWords, asked: boolean): string {
  const requires = asked
    ? ' The caller requires deletes (--must-capture): no query mode can meet that; only a log-based pipeline replicates them.'
    : '';
  const table = words.nouns.table;
  return has === 'yes'
    ? `The ${table} has deletes: no query mode captures deletes, and ${words.deletesLost}, so ${words.deletedStay}, whatever the mode. ${words.deletesRemedy}${requires}`
    : `Whether the ${table} has deletes is not known: no query mode captures deletes (service rules: ${words.deletesRule}), so they decide nothing between modes; if it has them, ${words.deletedStay}. ${words.deletesRemedy}${requires}`;
}

/** The sentence of a recommendation whose mode is the only recommendable one. */
export const ONLY_RECOMMENDABLE =
  'It is the only recommendable mode: each other candidate lists what blocks it.';

/** The table the user that read the catalog may not read, stated: no mode is recommended until that is settled. */
function readableSentence(advice: RankedAdvice): string[] {
  if (advice.facts.readable !== 'no') return [];
  const who = advice.facts.reader === undefined ? 'The user' : `The user ${shownName(advice.facts.reader)}`;
  const grant = readableGrant(advice.facts);
  // On one line: the statements, then what their comment lines say (where to run them).
  const lines = grant.sql?.split('\n') ?? [];
  const comments = lines.filter((l) => l.startsWith('-- ')).map((l) => l.slice(3));
  const statements = lines.filter((l) => !l.startsWith('-- ')).join(' ');
  const how =
    statements === '' ? '' : `: ${statements}${comments.length === 0 ? '' : ` (${comments.join(' ')})`}`;
  return [
    `${who} that read the catalog may not read the table (SELECT): a pipeline reading it as that user would fail on every run. ${grant.action}${how}${how.endsWith(';') ? '' : ';'} or establish that the pipeline's own user may read the table (\`table.readable\`'s question).`,
  ];
}

/** Evidence in the table's facts that a kind of change not known happens, in sentences. */
function evidenceSentences(e: Evaluation): string[] {
  const out: string[] = [];
  if (e.facts.has.updates !== 'unknown') return out;
  const set = (e.facts.columns ?? []).filter((c) => c.setOnUpdate === 'yes').map((c) => c.name);
  const named = (e.facts.columns ?? [])
    .filter((c) => c.setOnUpdate !== 'yes' && UPDATED_NAME.test(c.name))
    .map((c) => c.name);
  const evidence = sourceWords(e.facts).updateEvidence;
  if (set.length > 0 && evidence !== null) out.push(`Evidence of updates: ${evidence(listCode(set))}.`);
  if (named.length > 0)
    out.push(
      `Evidence of updates: ${listCode(named)} ${named.length === 1 ? 'is named' : 'are named'} like a last-update time, which the application writes when it updates rows.`,
    );
  return out;
}

/** Column names that say "the time of the last update" (inference: a naming habit, not a rule). */
const UPDATED_NAME =
  /(^|_)(updated|modified|changed|last_update|last_modified)(_?(at|on|date|time|ts|timestamp))?$/i;

/** A sentence to go inside another: its first letter in lower case, its full stop dropped. */
const lowerSentence = (s: string): string => `${s.charAt(0).toLowerCase()}${s.slice(1)}`.replace(/\.$/, '');

/** The reason that a mode bills about `events` over `span` by `formula`; `historical` says what the historical load is, or is empty. */
const billsAbout = (events: string, span: string, formula: string, historical: string): string =>
  `It bills about ${events} events over ${span} (${formula})${historical}.`;

/** The clause that the historical load of `count` `rows` (the source's word) is not billed. */
const historicalClause = (count: string, rows: string): string =>
  `; the historical load of ${count} ${rows} is not billed`;

/**
 * The reasons that name numbers of the table, as templates by key (`{name}` stands for a
 * parameter): `--detail`'s legend writes them once and a record gives their parameters alone.
 */
export const REASON_TEMPLATES = {
  bills_about: billsAbout('{events}', '{span}', '{formula}', ''),
  bills_about_historical: billsAbout(
    '{events}',
    '{span}',
    '{formula}',
    historicalClause('{count}', '{rows}'),
  ),
} as const;

function eventsSentence(estimate: EventsEstimate, e: Evaluation): string {
  const span = days(estimate.horizonHours);
  const historical =
    estimate.historical.events === null
      ? ''
      : historicalClause(formatCount(estimate.historical.events), sourceWords(e.facts).nouns.rows);
  if (estimate.billed === null)
    return `Its billed events over ${span} cannot be estimated: ${listWords(estimate.unknown.map(lowerSentence))}${historical}.`;
  return billsAbout(formatCount(estimate.billed), span, estimate.formula, historical);
}

function aheadSentence(best: Ranked, next: Ranked, advice: RankedAdvice): string {
  const criterion = decidingCriterion(best, next);
  const a = best.evaluation;
  const b = next.evaluation;
  const nextMode = `\`${b.checks.mode.id}\``;
  const below = best.billedBelow();
  let detail = '';
  switch (criterion?.id) {
    case 'events': {
      const billedA = a.countEvents().billed;
      const billedB = b.countEvents().billed;
      if (billedA === null && below !== null) {
        const whole = advice.ranked.find(
          (r) =>
            r.evaluation.checks.mode.reads === 'whole_table' && r.evaluation.countEvents().billed === below,
        )?.evaluation;
        const nouns = sourceWords(advice.facts).nouns;
        const perDay = Math.floor(
          ((advice.facts.rows ?? 0) * 1440) / (whole?.countEvents().intervalMinutes ?? 1440),
        );
        detail = ` (its change rates are unknown; reading only changes, it bills fewer than the ${formatCount(below)} events of a whole-table read as long as the ${nouns.table} changes fewer than ${formatCount(perDay)} ${nouns.rows} a day; give the rates per day to compare numbers)`;
      } else
        detail = ` (${billedA === null ? 'unknown' : formatCount(billedA)} vs ${billedB === null ? 'unknown' : formatCount(billedB)})`;
      break;
    }
    case 'known_misses':
      detail = ` (${nextMode} misses ${listWords(kindsIn(b.capture.knownMisses))})`;
      break;
    case 'not_described':
      detail = ` (capture of ${listWords(kindsIn(b.capture.notDescribed))} by ${nextMode} is not described by the service's documentation)`;
      break;
    case 'possible_misses':
      detail = ` (${nextMode} may miss ${listWords(kindsIn(b.capture.possibleMisses))})`;
      break;
    case 'robustness':
      detail = ` (${a.warnings} vs ${b.warnings})`;
      break;
    case 'recommendable':
      detail = ` (${nextMode} is ${b.status === 'eligible' ? `known to miss ${listWords(kindsIn(b.capture.blocking))}` : b.status === 'needs_facts' ? 'waiting for facts' : 'ineligible'})`;
      break;
    default:
      break;
  }
  return `Ahead of ${nextMode}: ${criterion?.ahead ?? 'tied'}${detail}.`;
}

function blockedBy(e: Evaluation): string {
  const rules: string[] = [];
  for (const o of described(e).sink.outcomes)
    if (o.check.strength === 'hard' && o.verdict === 'no') rules.push(o.check.rule);
  const parts = [...new Set(rules)].map((r) => `\`${r}\``);
  if (e.capture.blocking !== 0) parts.push(`missing ${listWords(kindsIn(e.capture.blocking))}`);
  return listWords(parts);
}

/**
 * The advice an evaluation is known to fail (capture conditions included), as outcomes. None
 * when its tally counts no advice failure and no failed capture condition: then the evaluation
 * is not run again to keep its outcomes: ~4% of recommendSummary, as half the recommended tables
 * fail no advice (pnpm bench advisor; docs/benchmarks.md, "History of the engine's speed work").
 */
function adviceFailures(e: Evaluation): readonly CheckOutcome[] {
  if (e.sink.adviceFailed === 0 && e.sink.conditionsFailed === NO_KINDS) return [];
  return described(e).sink.outcomes.filter((o) => o.verdict === 'no' && o.check.strength === 'advice');
}

/** The reasons of a recommendation, from the advice and the best candidate's events. */
export function reasonsOf(advice: RankedAdvice, bestEvents: EventsEstimate | null): string[] {
  const [best, next] = advice.ranked;
  if (best === undefined) return [];
  const e = best.evaluation;
  const mode = `\`${e.checks.mode.id}\``;
  if (advice.status === 'recommended') {
    const out = [
      `Recommended: ${mode}. ${captureSentence(e, 'It')}`,
      ...deletesSentence(e),
      ...evidenceSentences(e),
    ];
    if (bestEvents !== null) out.push(eventsSentence(bestEvents, e));
    out.push(...growthSentences(advice));
    if (next?.evaluation.recommendable) out.push(aheadSentence(best, next, advice));
    else out.push(ONLY_RECOMMENDABLE);
    const warnings = adviceFailures(e);
    if (warnings.length > 0)
      out.push(
        `Review ${countOf(warnings.length, 'advice finding')}: ${listCode([...new Set(warnings.map((o) => o.check.rule))])}.`,
      );
    return out;
  }
  if (advice.status === 'needs_facts') {
    const waiting = advice.ranked
      .filter((r) => awaitsFacts(r.evaluation))
      .map((r) => r.evaluation.checks.mode.id);
    return [
      `No mode can be recommended until facts are established: ${listCode(waiting)} ${waiting.length === 1 ? 'is' : 'are'} not known to fail any hard rule, but ${waiting.length === 1 ? 'it needs' : 'they need'} facts that are not known; each candidate lists them, with the query that establishes each.`,
      `Best candidate: ${mode}. ${captureSentence(e)}`,
      ...growthSentences(advice),
      ...readableSentence(advice),
      ...deletesSentence(e),
      ...evidenceSentences(e),
    ];
  }
  return [
    `No mode can be recommended: every mode fails a hard rule or is known to miss a kind of change the ${sourceWords(e.facts).nouns.table} has that the caller requires (--must-capture), whatever the facts not known.`,
    `Closest: ${mode}, blocked by ${blockedBy(e)}; each candidate lists what would unlock it.`,
    ...growthSentences(advice),
    ...readableSentence(advice),
    ...deletesSentence(e),
  ];
}

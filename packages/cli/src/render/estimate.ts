/**
 * Human output of `estimate`, the answer first: the mode with the fewest billed events among
 * those that miss no insert or update the table has or may have, pass the hard rules it can check
 * (the row limit, over the span too) and have their columns known, then one line per mode with
 * what it misses, then the assumptions shared by every mode, then each mode's formula.
 *
 * @module
 */
import {
  type Candidate,
  type ChangeKind,
  type EstimateRecord,
  type RuledOut,
  type SourceNouns,
  wordsOfSource,
} from '@querymode/core';
import { formatInt } from './number.js';
import { eventsText, withinReachLines } from './recommendation.js';
import { indent } from './table.js';

/** The kinds a line speaks of: deletes are in the notes (no mode is described as capturing them). */
const KINDS = ['inserts', 'updates'] as const satisfies readonly ChangeKind[];

/** Why a mode may miss a kind: the words said after the kinds, of a table (or object: `nouns`). */
const mayMissWhy = (nouns: SourceNouns) =>
  ({
    not_described: 'whether this mode captures them is not described',
    condition_unknown: 'a condition of capturing them is not known to hold',
    table_unknown: `whether the ${nouns.table} has them is not known`,
  }) as const;

/** The reasons a mode may miss a kind, by key. */
type MayMissWhy = keyof ReturnType<typeof mayMissWhy>;

/** What a mode misses of the kinds the table has, and may miss (and why) of the others. */
interface Misses {
  readonly misses: readonly ChangeKind[];
  readonly mayMiss: readonly { readonly kind: ChangeKind; readonly why: MayMissWhy }[];
}

function missesOf(c: Candidate): Misses {
  const misses: ChangeKind[] = [];
  const mayMiss: Misses['mayMiss'][number][] = [];
  for (const kind of KINDS) {
    const capture = c.captures[kind];
    if (capture.table === 'no' || capture.verdict === 'captured' || capture.verdict === 'from_log') continue;
    if (capture.verdict === 'missed' && capture.table === 'yes') misses.push(kind);
    else if (capture.verdict === 'missed') mayMiss.push({ kind, why: 'table_unknown' });
    else mayMiss.push({ kind, why: capture.verdict });
  }
  return { misses, mayMiss };
}

const and = (kinds: readonly string[]): string =>
  kinds.length <= 1 ? (kinds[0] ?? '') : `${kinds.slice(0, -1).join(', ')} and ${kinds[kinds.length - 1]}`;

/** The rate of a kind in words, when the estimate knows it: ` (50,000 a day)`. */
function rateOf(kind: ChangeKind, perDay: Partial<Record<ChangeKind, number>>): string {
  const rate = perDay[kind];
  return rate === undefined ? '' : ` (${formatInt(rate)} a day)`;
}

function missText(m: Misses, perDay: Partial<Record<ChangeKind, number>>, nouns: SourceNouns): string {
  const parts: string[] = [];
  const words = mayMissWhy(nouns);
  if (m.misses.length > 0) parts.push(`misses ${and(m.misses.map((k) => `${k}${rateOf(k, perDay)}`))}`);
  for (const why of Object.keys(words) as MayMissWhy[]) {
    const kinds = m.mayMiss.filter((x) => x.why === why).map((x) => x.kind);
    if (kinds.length > 0) parts.push(`may miss ${and(kinds)} (${words[why]})`);
  }
  return parts.length === 0 ? 'misses no insert or update' : parts.join('; ');
}

/** Why a mode cannot be the answer whatever it bills, in words (the record's `ruled_out`); empty when it can. */
function ruledOutText(r: RuledOut | undefined, nouns: SourceNouns): string {
  if (r === undefined) return '';
  if (r.fails.length > 0) return `not usable: ${r.fails.join(' ')}`;
  return r.columns_unknown ? `its ${nouns.column}s are not known (give them with --column)` : '';
}

/** The answer line: the fewest billed events without a miss, or why there is no such mode. */
function answerLine(
  candidates: readonly Candidate[],
  ruled: ReadonlyMap<string, RuledOut>,
  span: string,
  nouns: SourceNouns,
): string {
  const complete = candidates.filter((c) => {
    const m = missesOf(c);
    return m.misses.length === 0 && m.mayMiss.length === 0 && !ruled.has(c.mode);
  });
  const counted = complete.filter((c) => c.events.billed !== null);
  const best = counted.reduce<Candidate | undefined>(
    (a, c) => (a === undefined || (c.events.billed as number) < (a.events.billed as number) ? c : a),
    undefined,
  );
  if (best !== undefined)
    return `Fewest billed events without missing an insert or update: ${best.mode}, ${eventsText(best.events)} over ${span}.`;
  if (complete.length > 0)
    return `No mode that misses no insert or update has a known estimate (${and(complete.map((c) => c.mode))}): see what each needs below.`;
  return `No usable mode is known to miss no insert or update of this ${nouns.table}: say which kinds it has (--inserts, --updates) and its ${nouns.column}s (--column), or see what each mode misses or needs below.`;
}

/**
 * The text of `estimate` (the record `--json` prints): the answer, the cheaper modes within reach
 * of recommend's answer, one line per mode (in `modes` order), the notes shared by every mode, then each mode's formula, unknowns and assumptions.
 */
export function renderEstimate(
  record: EstimateRecord,
  candidates: readonly Candidate[],
  span: string,
  perDay: Partial<Record<ChangeKind, number>>,
): string {
  const { estimates } = record;
  const byMode = new Map(candidates.map((c) => [c.mode, c]));
  const shown = estimates.map((e) => byMode.get(e.mode)).filter((c): c is Candidate => c !== undefined);
  const ruled = new Map(record.ruled_out.map((r) => [r.mode, r]));
  const nouns = wordsOfSource(record.traits.source).nouns;
  const out = [answerLine(shown, ruled, span, nouns), ...withinReachLines(record, span), ''];
  for (const e of estimates) {
    const c = byMode.get(e.mode);
    const blocked = ruledOutText(ruled.get(e.mode), nouns);
    out.push(
      `${e.mode}: ${eventsText(e)}${c === undefined ? '' : `; ${missText(missesOf(c), perDay, nouns)}`}${blocked === '' ? '' : `; ${blocked}`}`,
    );
  }
  out.push('', `Assumptions, for every mode, over ${span} (${record.horizon_hours} hours):`);
  out.push(...record.notes.map((n) => `- ${n}`));
  for (const e of estimates) {
    out.push('', `How ${e.mode} is counted:`, indent(e.formula));
    for (const u of e.unknown) out.push(indent(`- not known: ${u}`));
    for (const a of e.assumptions) out.push(indent(`- ${a}`));
  }
  return out.join('\n');
}

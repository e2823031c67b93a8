/**
 * Human output of `recommend`: the verdict first, then the body to send, why, the events, the
 * facts to establish or what would unlock each mode, and the other modes in one line each.
 *
 * @module
 */
import {
  type Candidate,
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  citeSource,
  type EventsEstimate,
  type FactQuestion,
  type Finding,
  type Recommendation,
  shownName,
  TABLE_TRAIT_FIELDS,
  type TableTraits,
  type TraitField,
  visibleText,
  wordsOfSource,
} from '@querymode/core';
import { styleFor } from '../io/style.js';
import { formatInt } from './number.js';
import { indent } from './table.js';

/** Billed events of an estimate in words. */
export const eventsText = (e: Pick<EventsEstimate, 'billed'>): string =>
  e.billed === null ? 'unknown' : `${formatInt(e.billed)} billed events`;

/**
 * Statements as the terminal shows them, led by a comment line where a name holds a control or
 * bidi character: the terminal shows it as `\uXXXX`, so those lines, pasted, name another object;
 * the comment, pasted too, does nothing.
 */
export const pastable = (sql: string): string =>
  visibleText(sql) === sql
    ? sql
    : `-- A name below holds control or bidi characters, shown as \\uXXXX: copy the exact statements from --json, not these lines.\n${sql}`;

/** A finding's labelled line (`fix: `, `sql: `, `ask: `), its text's later lines under its first. */
const labelled = (label: string, text: string): string =>
  indent(`${label}: ${text.replaceAll('\n', `\n${' '.repeat(label.length + 2)}`)}`, '        ');

/** One finding as indented lines: its verdict, its words, then its remedy and SQL, or its questions (each query on the lines under its question). */
export function findingLines(f: Finding): string {
  const source = f.source === 'caller' ? ' (your option)' : ` (${citeSource(f.rule, f.source)})`;
  const lines = [`${f.severity.padEnd(7)} ${f.message}${source}`];
  if (f.remedy) lines.push(labelled('fix', f.remedy));
  if (f.sql) lines.push(labelled('sql', pastable(f.sql)));
  for (const q of f.questions ?? [])
    lines.push(
      labelled(
        'ask',
        typeof q.query === 'string' ? `${q.question}\n${pastable(q.query)}` : `${q.question} (${q.noQuery})`,
      ),
    );
  return lines.join('\n');
}

function otherLine(c: Candidate, span: string): string {
  const parts: string[] = [c.status.replace('_', ' ')];
  const errors = c.findings.filter((f) => f.severity === 'error' && f.rule !== 'capture.change_kinds');
  if (errors[0])
    parts.push(
      `${errors[0].message.replace(/\.$/, '')}${errors.length > 1 ? ` (+${errors.length - 1} more)` : ''}`,
    );
  if (c.misses.length > 0) parts.push(`misses ${c.misses.join(' and ')}`);
  if (c.notDescribed.length > 0)
    parts.push(`capture of ${c.notDescribed.join(' and ')} not described by the service's documentation`);
  parts.push(`${eventsText(c.events)} over ${span}`);
  return `${c.mode}: ${parts.join('; ')}`;
}

function unlockLines(c: Candidate): string[] {
  return [
    `  ${c.mode}:`,
    ...c.toUnlock.map((u) =>
      indent(`- ${u.action}${u.sql === undefined ? '' : `\n${indent(pastable(u.sql))}`}`, '    '),
    ),
  ];
}

/** At most this many modes in the human output's "Cheaper within reach" lines. */
const REACH_LINES = 3;

/** A question as a clause: lowercase first letter, no final mark. */
const clause = (q: string): string => q.charAt(0).toLowerCase() + q.slice(1);

/**
 * The flag that gives a fact of the table or of its changes, by the fact's key (`source`,
 * `changes.inserts_per_day`), read from core's traits field table (as the flags themselves are).
 */
const FACT_FLAGS: ReadonlyMap<string, string> = new Map(
  (
    [
      [TABLE_TRAIT_FIELDS, ''],
      [CHANGE_TRAIT_FIELDS, 'changes.'],
      [CHANGE_TRACKING_TRAIT_FIELDS, 'change_tracking.'],
    ] as readonly [readonly TraitField[], string][]
  ).flatMap(([fields, within]) =>
    fields.flatMap((f) =>
      f.flag === undefined || f.flag.reads === 'column' ? [] : [[`${within}${f.name}`, f.flag.name] as const],
    ),
  ),
);

/** A question as a clause, with the flag that answers it where one flag does. */
function askedClause(q: { readonly question: string; readonly path: readonly (string | number)[] }): string {
  const flag = FACT_FLAGS.get(q.path.join('.'));
  return flag === undefined ? clause(q.question) : `${clause(q.question)} (give --${flag})`;
}

/** A question's identity: its words and its query (the same fact asked by several modes is one). */
export const questionKey = (q: FactQuestion): string => `${q.question}\n${q.query ?? ''}`;

/**
 * The cheaper modes within reach, one line each (at most three): each fact is asked on the first
 * line that needs it, and a fact in `asked` (asked above) not again.
 */
export function withinReachLines(
  r: Pick<Recommendation, 'withinReach'>,
  span: string,
  asked = new Set<string>(),
): string[] {
  const { modes, questions } = r.withinReach;
  return modes.slice(0, REACH_LINES).map((m) => {
    const saving =
      m.saves === null
        ? `would bill fewer than ${formatInt(m.billedBelow ?? 0)} events over ${span} while the table changes fewer rows a day than a whole-table read loads (break-even)`
        : `would save about ${formatInt(m.saves)} events over ${span}`;
    const asks = m.asks.flatMap((i) => questions[i] ?? []);
    const fresh = asks.filter((q) => !asked.has(questionKey(q)));
    for (const q of fresh) asked.add(questionKey(q));
    const needs = [
      ...fresh.map(askedClause),
      ...m.toUnlock.map((u) => clause(u.action).replace(/\.$/, '')),
      ...(fresh.length < asks.length ? ['the facts above'] : []),
    ];
    return `Cheaper within reach: ${m.mode} ${saving}; it needs: ${needs.join('; ')}`;
  });
}

/** Under `needs_facts`: what establishing the best candidate's facts unlocks, in one line (each fact then in `asked`). */
function unlocksLine(r: Recommendation, asked: Set<string>): string[] {
  const best = r.candidates[0];
  if (r.status !== 'needs_facts' || best === undefined || best.toEstablish.length === 0) return [];
  for (const q of best.toEstablish) asked.add(questionKey(q));
  return [`To recommend ${best.mode}, establish: ${best.toEstablish.map(askedClause).join('; ')}`];
}

/**
 * "Facts to establish": each fact once, with its query and the modes that wait for it (a fact
 * several modes need, such as the source, is asked once).
 */
function establishLines(waiting: readonly Candidate[]): string[] {
  const byQuestion = new Map<string, { q: FactQuestion; modes: string[] }>();
  for (const c of waiting)
    for (const q of c.toEstablish) {
      const key = questionKey(q);
      const entry = byQuestion.get(key);
      if (entry === undefined) byQuestion.set(key, { q, modes: [c.mode] });
      else entry.modes.push(c.mode);
    }
  return [...byQuestion.values()].map(({ q, modes }) =>
    // A query of several lines (Salesforce's three counts) keeps each line under the question.
    indent(
      `- ${q.question} (for ${modes.join(', ')})\n${indent(typeof q.query === 'string' ? pastable(q.query) : `(${q.noQuery})`, '  ')}`,
      '  ',
    ),
  );
}

/** The whole human report of a recommendation. */
export function renderRecommendation(r: Recommendation, traits: TableTraits, span: string): string {
  const s = styleFor(process.stdout);
  const out: string[] = [];
  if (traits.table) out.push(`${wordsOfSource(traits.source).nouns.table}: ${shownName(traits.table)}`);
  const best = r.candidates[0];
  const asked = new Set<string>();
  const reach = [...unlocksLine(r, asked), ...withinReachLines(r, span, asked)];
  if (r.status === 'recommended' && best !== undefined) {
    out.push(`${s.bold('recommended:')} ${s.green(s.bold(best.mode))}`, ...reach, '');
    out.push('Body to send (PUT .../pipelines/<pipeline_id>/objects/<object_name>/query-mode):');
    out.push(indent(JSON.stringify(r.body, null, 2)), '');
    out.push('Why:', ...r.reasons.map((x) => `  - ${x}`));
    out.push('', `Events over ${span}: ${eventsText(best.events)}`, indent(best.events.formula));
    const notable = best.findings.filter((f) => f.severity !== 'info');
    if (notable.length > 0) out.push('', 'Findings:', ...notable.map((f) => indent(findingLines(f))));
  } else if (r.status === 'needs_facts') {
    out.push(
      `${s.bold('needs facts:')} ${s.yellow('no mode can be recommended until these facts are established')}`,
      ...reach,
      '',
    );
    out.push('Why:', ...r.reasons.map((x) => `  - ${x}`), '', 'Facts to establish:');
    out.push(
      ...establishLines(
        r.candidates.filter(
          (x) => x.status === 'needs_facts' && x.toEstablish.length > 0 && x.toUnlock.length === 0,
        ),
      ),
    );
  } else {
    out.push(
      `${s.bold('none:')} ${s.red(`no mode can be recommended for this ${wordsOfSource(traits.source).nouns.table} as it is`)}`,
      ...reach,
      '',
    );
    out.push('Why:', ...r.reasons.map((x) => `  - ${x}`));
  }
  const others = r.candidates.filter((c) => !(r.status === 'recommended' && c === best));
  out.push(
    '',
    r.status === 'recommended' ? 'Other modes:' : 'Modes:',
    ...others.map((c) => `  ${otherLine(c, span)}`),
  );
  const unlock = others.filter((c) => c.toUnlock.length > 0);
  if (unlock.length > 0) {
    out.push('', 'To unlock:');
    for (const c of unlock) out.push(...unlockLines(c));
  }
  return out.join('\n');
}

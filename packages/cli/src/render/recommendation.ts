/**
 * Human output of `recommend`: the recommendation, the body to send, why, and what each other
 * mode would miss or cost.
 *
 * @module
 */
import type { Candidate, EventsEstimate, Finding, Recommendation, TableTraits } from '@querymode/core';
import { styleFor } from '../io/style.js';
import { formatInt } from './number.js';
import { indent } from './table.js';

const fmt = formatInt;

/** Events of an estimate in words. */
export const eventsText = (e: EventsEstimate): string =>
  e.events === null ? 'unknown' : `${fmt(e.events)} events`;

/** One finding as indented lines, with its remedy. */
export function findingLines(f: Finding): string {
  const head = `${f.severity.padEnd(7)} ${f.message}${f.source === 'outside_spec' ? ' (documented outside the spec)' : ''}`;
  return f.remedy ? `${head}\n${indent(`fix: ${f.remedy}`, '        ')}` : head;
}

function otherLine(c: Candidate, horizon: string): string {
  const errors = c.findings.filter((f) => f.severity === 'error');
  const parts: string[] = [];
  if (!c.eligible)
    parts.push(
      `not eligible: ${(errors[0]?.message ?? 'no body could be built').replace(/\.$/, '')}${errors.length > 1 ? ` (+${errors.length - 1} more)` : ''}`,
    );
  if (c.misses.length > 0) parts.push(`misses ${c.misses.join(' and ')}`);
  parts.push(`${eventsText(c.events)} over ${horizon}`);
  return `${c.mode}: ${parts.join('; ')}`;
}

/** The whole human report of a recommendation. */
export function renderRecommendation(r: Recommendation, traits: TableTraits, horizon: string): string {
  const s = styleFor(process.stdout);
  const out: string[] = [];
  if (traits.table) out.push(`table: ${traits.table}`);
  const chosen = r.candidates.find((c) => c.mode === r.chosen);
  if (r.chosen === null || chosen === undefined) {
    out.push(s.red(s.bold('no mode can be recommended')), '', 'Why:', ...r.reasons.map((x) => `  - ${x}`));
  } else {
    out.push(`${s.bold('recommended:')} ${s.green(s.bold(r.chosen))}`, '');
    out.push('Body to send (PUT .../pipelines/<pipeline_id>/objects/<object_name>/query-mode):');
    out.push(indent(JSON.stringify(r.body, null, 2)), '');
    out.push('Why:', ...r.reasons.map((x) => `  - ${x}`));
    out.push('', `Events over ${horizon}: ${eventsText(chosen.events)}`, indent(chosen.events.formula));
    const notable = chosen.findings.filter((f) => f.severity !== 'info' || f.unknown);
    if (notable.length > 0) out.push('', 'Findings:', ...notable.map((f) => indent(findingLines(f))));
  }
  const others = r.candidates.filter((c) => c.mode !== r.chosen);
  out.push('', 'Other modes:', ...others.map((c) => `  ${otherLine(c, horizon)}`));
  const unlock = others.filter((c) => !c.eligible && c.remedies.length > 0);
  if (unlock.length > 0) {
    out.push('', 'To unlock:');
    for (const c of unlock) out.push(`  ${c.mode}:`, ...c.remedies.map((x) => indent(`- ${x}`, '    ')));
  }
  return out.join('\n');
}

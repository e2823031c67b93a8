/**
 * Formatting of figures and rendering of a suite's result as Markdown.
 *
 * @module
 */
import type { SuiteResult, Target } from './types.js';

/** Operations per second with thousands separators: `1,234,567 ops/s`. */
export function formatOps(opsPerSec: number): string {
  return `${Math.round(opsPerSec).toLocaleString('en-US')} ops/s`;
}

/** A ratio with two decimals: `1.87x`. */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}

/** Milliseconds with a sensible precision: `0.123 ms`, `12.3 ms`, `1,234 ms`. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/** Whether a figure meets its target. */
export function targetMet(target: Target): boolean {
  return target.atLeast ? target.value >= target.limit : target.value <= target.limit;
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A suite's tables, targets and notes as Markdown (without the section heading). */
export function renderResult(result: SuiteResult): string {
  const out: string[] = [];
  for (const table of result.tables) {
    if (table.title) out.push(`**${table.title}**`, '');
    out.push(`| ${table.columns.map(cell).join(' | ')} |`);
    out.push(`|${table.columns.map(() => '---').join('|')}|`);
    for (const row of table.rows) out.push(`| ${row.map(cell).join(' | ')} |`);
    out.push('');
  }
  if (result.targets?.length) {
    out.push('**Targets**', '');
    out.push('| figure | measured | target | |', '|---|---|---|---|');
    for (const t of result.targets) {
      const fmt = (v: number) => (t.unit === 'x' ? formatRatio(v) : `${v.toFixed(2)}${t.unit}`);
      out.push(
        `| ${cell(t.name)} | ${fmt(t.value)} | ${t.atLeast ? '≥' : '≤'} ${fmt(t.limit)} | ${targetMet(t) ? 'met' : '**missed**'} |`,
      );
    }
    out.push('');
  }
  for (const note of result.notes ?? []) out.push(note, '');
  return out.join('\n');
}

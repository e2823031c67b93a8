/**
 * Human output of what an answers file did to one table: the facts it filled, each with its file
 * and line, and the answers the table's own facts overruled.
 *
 * @module
 */
import { visibleText } from '@querymode/core';

/** The lines on the answers (none when the file filled nothing and nothing was overruled). */
export function answersLines(
  fromAnswers: Readonly<Record<string, string>>,
  overruled: readonly string[],
): string {
  const lines: string[] = [];
  const keys = Object.keys(fromAnswers);
  if (keys.length > 0) {
    lines.push('From the answers file:');
    for (const key of keys) lines.push(`  ${visibleText(key)} (${visibleText(fromAnswers[key] as string)})`);
  }
  if (overruled.length > 0) {
    lines.push('Answers overruled by what the table states:');
    for (const o of overruled) lines.push(`  ${visibleText(o)}`);
  }
  return lines.length === 0 ? '' : `\n${lines.join('\n')}\n`;
}

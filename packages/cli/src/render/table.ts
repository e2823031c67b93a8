/**
 * Plain-text tables for human output.
 *
 * @module
 */

/** Renders rows as a left-aligned text table with a header rule. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Indents every line of a text. */
export const indent = (text: string, by = '  '): string =>
  text
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');

/**
 * Two-column text (a term and its description) that stays aligned on any width: the terms are
 * padded to the widest, and each description wraps inside its own column, its following lines
 * indented under its first.
 *
 * @module
 */

/** Splits `text` into lines of at most `width` characters at spaces (a longer word gets its own line). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines.length ? lines : [''];
}

/** Options of {@link formatColumns}. */
export interface ColumnOptions {
  /** The total width of a line; default 80. */
  readonly width?: number;
  /** Spaces before each term; default 2. */
  readonly indent?: number;
  /** Spaces between the columns; default 2. */
  readonly gap?: number;
  /** The narrowest description column; below it a description is not wrapped; default 20. */
  readonly minWidth?: number;
}

/** Renders `[term, description]` rows as aligned columns; see the module comment. */
export function formatColumns(
  rows: readonly (readonly [string, string])[],
  options: ColumnOptions = {},
): string {
  const { width = 80, indent = 2, gap = 2, minWidth = 20 } = options;
  const termWidth = Math.max(0, ...rows.map(([term]) => term.length));
  const left = indent + termWidth + gap;
  const textWidth = Math.max(minWidth, width - left);
  return rows
    .map(([term, text]) => {
      const [first = '', ...rest] = wrapText(text, textWidth);
      const head = `${' '.repeat(indent)}${term.padEnd(termWidth)}${' '.repeat(gap)}${first}`;
      return [head.trimEnd(), ...rest.map((l) => `${' '.repeat(left)}${l}`)].join('\n');
    })
    .join('\n');
}

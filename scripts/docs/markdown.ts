/**
 * Small helpers of the Markdown renderers.
 *
 * @module
 */

/** Text for a table cell: pipes escaped, newlines as spaces. */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Inline code. */
export const code = (s: string): string => `\`${s}\``;

/** A fenced block. */
export const fence = (lang: string, text: string): string[] => [`\`\`\`${lang}`, text, '```'];

/**
 * Text into HTML: escaped for an element or an attribute, and JSON for a script element that a
 * table name holding `</script>` cannot end.
 *
 * @module
 */
import { visibleText } from '@querymode/core';
import { splitCode } from '../text.js';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text escaped for HTML content and quoted attribute values, with characters that would act on
 * the page instead of being seen (a U+202E that reverses a name, controls) written `\uXXXX`.
 */
export function escapeHtml(text: string): string {
  return visibleText(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A sentence of the advisor as HTML: escaped, with its backticked names in `<code>`. */
export function sentenceHtml(text: string): string {
  return splitCode(text)
    .map((p) => (p.code ? `<code>${escapeHtml(p.text)}</code>` : escapeHtml(p.text)))
    .join('');
}

/**
 * A value as JSON for `<script type="application/json">`: every `<` written `\u003c`, so that no
 * string in it can close the element or open a comment, and every character that would act or
 * hide (a U+202E in a name) written `\uXXXX` by `visibleText`, so the page's source shows none
 * raw either. JSON.parse reads it back unchanged (such characters only occur inside strings).
 */
export function scriptJson(value: unknown): string {
  return visibleText(JSON.stringify(value)).replace(/</g, '\\u003c');
}

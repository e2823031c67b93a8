/**
 * A few lines to build elements: `h('p', { class: 'x' }, 'text', child)`. Text always goes in as
 * text (never parsed as HTML), so that no table name or message can inject markup, and with the
 * characters that would act instead of being seen (a U+202E reversing a name) written `\uXXXX`.
 *
 * @module
 */
import { splitCode, visibleText } from '../src/text.js';

/** What an element may contain. */
export type Child = Node | string | null | undefined | false;

/** An element with attributes (a `false` or `undefined` value leaves the attribute out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string | number | boolean | undefined>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

/** Appends children, skipping empty ones. */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(visibleText(child)) : child);
  }
}

/** A sentence of the advisor, with its backticked names as `<code>`. */
export function sentence(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const piece of splitCode(text))
    fragment.appendChild(
      piece.code ? h('code', {}, piece.text) : document.createTextNode(visibleText(piece.text)),
    );
  return fragment;
}

/** Text for screen readers only. */
export const screenReaderText = (text: string): HTMLSpanElement => h('span', { class: 'qm-sr' }, text);

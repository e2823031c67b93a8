/**
 * Text for one line of a terminal: core's `visibleText` (controls, escape sequences and bidi
 * controls written `\uXXXX`), with newlines, carriage returns and tabs written `\n`, `\r`, `\t`
 * too, so that a name cannot break the line it is shown on.
 *
 * @module
 */
import { visibleText } from '@querymode/core';

/** `text` safe on one line of a terminal. */
export const oneLine = (text: string): string =>
  visibleText(text).replaceAll('\n', '\\n').replaceAll('\r', '\\r').replaceAll('\t', '\\t');

/**
 * Resolving a mode named on the command line, with a suggestion for a misspelling.
 *
 * @module
 */
import { closest, getMode, looseName, type ModeSpec, QUERY_MODES } from '@querymode/core';
import { usageError } from './errors.js';

/**
 * The catalogue entry of a mode given on the command line: its wire id, or the same in another
 * case or with spaces or hyphens. An unknown name is a usage error with a suggestion.
 */
export function resolveModeArg(name: string, flag = 'mode'): ModeSpec {
  const exact = getMode(name);
  if (exact) return exact;
  const loose = QUERY_MODES.find((m) => looseName(m) === looseName(name));
  if (loose) return getMode(loose) as ModeSpec;
  const suggestion = closest(name, QUERY_MODES);
  throw usageError(
    `unknown ${flag} ${JSON.stringify(name)}${suggestion ? `; did you mean ${suggestion}?` : ''} (modes: ${QUERY_MODES.join(', ')})`,
  );
}

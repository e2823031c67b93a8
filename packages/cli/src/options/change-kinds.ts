/**
 * `--must-capture inserts,updates`: the change kinds a recommended mode must not be known to
 * miss, for `recommend`, `verify` and the project file's `must_capture`.
 *
 * @module
 */
import { CHANGE_KINDS, type ChangeKind, closest } from '@querymode/core';
import { usageError } from '../errors.js';

/** Parses `--must-capture inserts,updates`. */
export function parseChangeKinds(text: string | undefined, flag: string): ChangeKind[] | undefined {
  if (text === undefined) return undefined;
  return text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((k) => {
      if ((CHANGE_KINDS as readonly string[]).includes(k)) return k as ChangeKind;
      const guess = closest(k, CHANGE_KINDS);
      throw usageError(
        `${flag}: unknown change kind ${JSON.stringify(k)}${guess ? `; did you mean ${guess}?` : ''} (one of: ${CHANGE_KINDS.join(', ')})`,
      );
    });
}

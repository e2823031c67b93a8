/**
 * The options of `recommend` (and the ones `estimate` and `plan` share), from flags to core's
 * option objects.
 *
 * @module
 */
import { CHANGE_KINDS, type ChangeKind, closest, type QueryMode } from '@querymode/core';
import { usageError } from '../errors.js';
import { resolveModeArg } from '../mode-arg.js';
import { parseDurationMinutes } from '../traits/duration.js';

/** Parses `--supported-modes a,b,c` (mode names as `explain` accepts them). */
export function parseModeList(text: string | undefined, flag: string): QueryMode[] | undefined {
  if (text === undefined) return undefined;
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw usageError(`${flag} expects a comma-separated list of modes`);
  return names.map((n) => resolveModeArg(n, `mode in ${flag}`).id as QueryMode);
}

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

/** Parses `--horizon` into hours. */
export function parseHorizonHours(text: string | undefined): number {
  const minutes = parseDurationMinutes(text ?? '30d', '--horizon');
  if (minutes <= 0) throw usageError('--horizon must be longer than zero');
  return minutes / 60;
}

/**
 * The traits of one table, for `recommend`, `estimate` and `plan`: `--traits` (a file, or stdin)
 * with the table flags layered over it.
 *
 * @module
 */
import type { TableTraits } from '@querymode/core';
import { usageError } from '../errors.js';
import { hasTraitFlags, type TraitFlags, traitsFromFlags } from './flags.js';
import { loadTraits } from './load.js';

/** The traits of one table: `--traits` (file or stdin) with flags layered over it. */
export function singleTableTraits(flags: TraitFlags & { readonly traits?: string }): TableTraits {
  const base = flags.traits === undefined ? {} : loadTraits(flags.traits);
  if (flags.traits === undefined && !hasTraitFlags(flags)) {
    throw usageError(
      'describe the table with flags (for example --rows and --column) or --traits <file|->; see --help',
    );
  }
  return traitsFromFlags(flags, base);
}

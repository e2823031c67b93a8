/**
 * The kinds of change a table can have, in the order every table and output shows them.
 *
 * @module
 */
import type { ChangeKind } from './types.js';

/** Every change kind: inserts, updates, deletes. */
export const CHANGE_KINDS: readonly ChangeKind[] = ['inserts', 'updates', 'deletes'];

/**
 * Loading table traits from a JSON file or stdin, validated by core.
 *
 * @module
 */
import { type TableTraits, validateTableTraits } from '@querymode/core';
import { inputError } from '../errors.js';
import { readJson, sourceName } from '../io/read.js';

/** Reads and validates a traits document; invalid traits fail with every issue listed (exit 1). */
export function loadTraits(source: string): TableTraits {
  const result = validateTableTraits(readJson(source, 'traits'));
  if (!result.ok) {
    throw inputError(
      `traits from ${sourceName(source)} are invalid:\n${result.issues.map((i) => `  ${i.code}  ${i.message}`).join('\n')}`,
    );
  }
  return result.value;
}

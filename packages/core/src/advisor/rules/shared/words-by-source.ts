/**
 * A check's message templates in the words of each kind of source: one set in the databases'
 * words, and one more for each kind whose words are its own (Salesforce's objects, records and
 * fields), so that a `--detail` finding of any source gives its message by key.
 *
 * @module
 */
import type { SourceWords } from '../../../dialects/words.js';
import { DATABASE_WORDS } from '../../../dialects/words.js';
import { profileWords, SOURCE_PROFILES } from '../../facts/sources.js';

/**
 * The templates `make` gives in the databases' words by their keys, and those it gives in the
 * words of each kind with words of its own as `<key>.<kind>`.
 */
export function wordsBySource(
  make: (words: SourceWords) => Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const out: Record<string, string> = { ...make(DATABASE_WORDS) };
  for (const [kind, profile] of Object.entries(SOURCE_PROFILES)) {
    const words = profileWords(profile);
    if (words === DATABASE_WORDS) continue;
    for (const [key, template] of Object.entries(make(words))) out[`${key}.${kind}`] = template;
  }
  return out;
}

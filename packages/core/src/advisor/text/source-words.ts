/**
 * The words of the table's kind of source (its dialect's `words`), or the databases' where the
 * source has no dialect: the one place the advisor's sentences get them, so that none branches on
 * the kind of source.
 *
 * @module
 */
import { DATABASE_WORDS, type SourceWords } from '../../dialects/words.js';
import { profileWords, SOURCE_PROFILES } from '../facts/sources.js';
import type { TableFacts } from '../facts/table-facts.js';

/** The words of the facts' source. */
export const sourceWords = (facts: Pick<TableFacts, 'profile'>): SourceWords => profileWords(facts.profile);

/** The words of a traits record's `source` (a kind's name, or anything else: the databases' words). */
export const wordsOfSource = (source: unknown): SourceWords =>
  typeof source === 'string' && Object.hasOwn(SOURCE_PROFILES, source)
    ? profileWords(SOURCE_PROFILES[source as keyof typeof SOURCE_PROFILES])
    : DATABASE_WORDS;

/**
 * The words of the table's kind of source (its dialect's `words`), or the databases' where the
 * source has no dialect: the one place the advisor's sentences get them, so that none branches on
 * the kind of source.
 *
 * @module
 */
import { DIALECTS } from '../../dialects/index.js';
import { DATABASE_WORDS, type SourceWords } from '../../dialects/words.js';
import type { TableFacts } from '../facts/table-facts.js';

/** The words of the facts' source. */
export const sourceWords = (facts: Pick<TableFacts, 'profile'>): SourceWords =>
  facts.profile.dialect === null ? DATABASE_WORDS : DIALECTS[facts.profile.dialect].words;

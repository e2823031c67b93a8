/**
 * The one coding of a yes/no/unknown answer, used everywhere in the advisor: in the traits a
 * caller gives (`changes.inserts`), in the facts read from them, and in every check's verdict.
 *
 * @module
 */

/** Every answer, in the order docs list them. */
export const TRI = ['yes', 'no', 'unknown'] as const;

/** A yes/no answer that may be unknown. `unknown` is never read as `yes`. */
export type Tri = (typeof TRI)[number];

/** A boolean trait as an answer: `true` yes, `false` no, anything else (absent) unknown. */
export function triOf(value: unknown): Tri {
  return value === true ? 'yes' : value === false ? 'no' : 'unknown';
}

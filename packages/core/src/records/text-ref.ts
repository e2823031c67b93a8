/**
 * How a `--detail` record cites a text: a key of the legend's `texts` (a string), or an index into
 * the record's own `texts` (a number) for a text that names something of this table.
 *
 * @module
 */

/** A text of a `--detail` record: a key of the legend's `texts`, or an index into the record's `texts`. */
export type TextRef = string | number;

/**
 * The value parser of a repeatable option.
 *
 * @module
 */

/** Commander's argument parser for a repeatable option: each value is added to the list. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

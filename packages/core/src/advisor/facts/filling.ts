/**
 * The type of a facts object while its reader fills it, before it is handed out as its readonly type.
 *
 * @module
 */

/** `T` with its keys writable: a facts object being filled (the generated reader, then its derived step). */
export type Filling<T> = { -readonly [K in keyof T]: T[K] };

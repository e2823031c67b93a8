/**
 * JSON output: stable, two-space indented, one document per command run.
 *
 * @module
 */
import { printOut } from '../io/write.js';

/** Prints a value as indented JSON on stdout. */
export function printJson(value: unknown): void {
  printOut(JSON.stringify(value, null, 2));
}

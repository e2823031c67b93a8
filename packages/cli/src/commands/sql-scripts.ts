/**
 * The scripts of `--sql FILE|FOLDER` (repeatable): each file as given, each folder's `*.sql` files
 * in name order (as migration tools name them: `001_init.sql`, `002_...`), all in the order of
 * the flags. Read as strict UTF-8.
 *
 * @module
 */
import type { SqlScript } from '@querymode/introspect';
import { filesOf } from '../io/files-of.js';
import { readText } from '../io/read.js';

/** Reads the scripts of the `--sql` values, in order. */
export function readSqlScripts(values: readonly string[]): SqlScript[] {
  return values
    .flatMap((v) => filesOf(v, '--sql', '.sql'))
    .map((name) => ({ name, text: readText(name, 'SQL') }));
}

/**
 * The scripts of `--sql FILE|FOLDER` (repeatable): each file as given, each folder's `*.sql` files
 * in name order (as migration tools name them: `001_init.sql`, `002_...`), all in the order of
 * the flags. Read as strict UTF-8.
 *
 * @module
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlScript } from '@querymode/introspect';
import { usageError } from '../errors.js';
import { readText } from '../io/read.js';
import { oneLine } from '../render/one-line.js';

/** The files a `--sql` value names: itself, or a folder's `*.sql` files in name order. */
function filesOf(path: string): string[] {
  let folder = false;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    throw usageError(`--sql: no such file or folder: ${oneLine(path)}`);
  }
  if (!folder) return [path];
  const names = readdirSync(path)
    .filter((n) => n.toLowerCase().endsWith('.sql'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length === 0) throw usageError(`--sql: the folder ${oneLine(path)} holds no .sql file`);
  return names.map((n) => join(path, n));
}

/** Reads the scripts of the `--sql` values, in order. */
export function readSqlScripts(values: readonly string[]): SqlScript[] {
  return values.flatMap(filesOf).map((name) => ({ name, text: readText(name, 'SQL') }));
}

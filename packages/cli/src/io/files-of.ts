/**
 * The files a path flag names (`--sql`, `--describe`): the file itself, or a folder's files of
 * one extension in name order (not its sub-folders).
 *
 * @module
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { usageError } from '../errors.js';
import { oneLine } from './one-line.js';

/** The files `path` names for `flag`: itself, or its folder's `extension` files (`.sql`) in name order. */
export function filesOf(path: string, flag: string, extension: string, hint = ''): string[] {
  let folder = false;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    throw usageError(`${flag}: no such file or folder: ${oneLine(path)}`);
  }
  if (!folder) return [path];
  const names = readdirSync(path)
    .filter((n) => n.toLowerCase().endsWith(extension))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length === 0)
    throw usageError(`${flag}: the folder ${oneLine(path)} holds no ${extension} file${hint}`);
  return names.map((n) => join(path, n));
}

/**
 * Finding the project file, `querymode.yaml`: from the working directory upward, stopping at the
 * root of the git repository (the folder with `.git`) or of the filesystem, as sqlfluff and dbt
 * look for theirs. This module only tests for files: reading one loads the YAML library, which a
 * run without a project file never parses.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The project file's name. */
export const PROJECT_FILE = 'querymode.yaml';

/** The project file of `from` or a folder above it, up to the git root; undefined when none. */
export function findProjectFile(from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, PROJECT_FILE);
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir || existsSync(join(dir, '.git'))) return undefined;
    dir = up;
  }
}

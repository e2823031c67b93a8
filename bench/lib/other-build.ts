/**
 * Another build of querymode to run side by side with this one: the build of an older commit, to
 * tell a change of the machine's speed from a change of the code's (see bench/README.md).
 * `pnpm bench --against REV` builds REV in a temporary work tree and sets both variables; they can
 * also be set by hand.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Another build's bin (`dist/querymode.cjs`) and the name its rows carry. */
export interface OtherCli {
  readonly bin: string;
  readonly name: string;
}

/** The commit of the work tree that holds `path` (`-dirty` after it when that work tree has changes). */
export function commitAt(path: string): string | undefined {
  const git = spawnSync('git', ['-C', path, 'describe', '--always', '--dirty', '--abbrev=7'], {
    encoding: 'utf8',
  });
  return git.status === 0 ? git.stdout.trim() : undefined;
}

/**
 * The file beside a build's `dist/` that names the commit it was built from
 * (`packages/cli/.tmp/built-at`, not packed): `pnpm run build` writes it, and `--against` for a
 * commit older than that. The work tree's HEAD may have moved on since the build was made.
 */
export const builtAtFile = (bin: string): string => join(dirname(bin), '..', '.tmp', 'built-at');

/** The commit a build's bin was built from, as recorded beside it; undefined when it is not. */
export function builtAt(bin: string): string | undefined {
  const file = builtAtFile(bin);
  if (!existsSync(file)) return undefined;
  const commit = readFileSync(file, 'utf8').trim();
  return commit === '' ? undefined : commit;
}

/** The build named by `QUERYMODE_BENCH_OTHER_CLI` (its bin), or undefined when unset. */
export function otherCli(
  bin: string | undefined = process.env.QUERYMODE_BENCH_OTHER_CLI,
): OtherCli | undefined {
  if (bin === undefined || bin === '') return undefined;
  if (!existsSync(bin)) throw new Error(`QUERYMODE_BENCH_OTHER_CLI: no file at ${bin}`);
  const commit = builtAt(bin);
  return { bin, name: commit === undefined ? `other build (${bin})` : `querymode built at ${commit}` };
}

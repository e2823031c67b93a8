// `node scripts/build-if-stale.mjs [--stamp FILE] [--outputs DIR]... -- COMMAND...`: runs COMMAND (by
// default `pnpm run build`) unless the build's inputs are byte for byte those of its last
// successful run and its outputs are as that run left them. The inputs are every file git tracks
// or would track (ignored files, such as dist/, left out) outside the stamp's folder: their paths
// and SHA-256 hashes make one digest; the outputs (the folders of --outputs, default every packages/*/dist) are listed by path,
// size and modification time. Both are kept in the stamp (default .tmp/build-stamp, git-ignored)
// only after COMMAND exits 0, so that a failed or interrupted build, or a dist/ removed or
// changed since, always builds again. `pnpm run demo` builds through it: a second run skipped a
// build of 2 min 03 s. Content, not times: a checkout that touches files without changing them
// skips, and any change, new or deleted file rebuilds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
let stamp = '.tmp/build-stamp';
const outputs = [];
while (args[0] === '--stamp' || args[0] === '--outputs') {
  if (args[0] === '--stamp') stamp = args[1] ?? stamp;
  else outputs.push(args[1] ?? '');
  args.splice(0, 2);
}
if (outputs.length === 0 && existsSync('packages'))
  for (const name of readdirSync('packages')) outputs.push(join('packages', name, 'dist'));
if (args[0] === '--') args.shift();
const command = args.length > 0 ? args : ['pnpm', 'run', 'build'];

/** The digest of the inputs: every tracked or untracked, not ignored, file, by path and content. */
function inputsDigest() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (listed.status !== 0) return undefined; // Not a git checkout: no way to know, so build.
  const hash = createHash('sha256');
  const stampDir = `${dirname(stamp)}/`;
  for (const path of listed.stdout.split('\0').filter(Boolean).sort()) {
    if (path.startsWith(stampDir) || !existsSync(path)) continue; // a deleted file not yet staged
    hash.update(`${path}\0${createHash('sha256').update(readFileSync(path)).digest('hex')}\n`);
  }
  hash.update(`command\0${command.join('\0')}\n`);
  return hash.digest('hex');
}

/** The outputs as they are: every file under the `outputs` folders, by path, size and time. */
function outputsDigest() {
  const hash = createHash('sha256');
  for (const dir of outputs) {
    if (!existsSync(dir)) {
      hash.update(`${dir}\0absent\n`);
      continue;
    }
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      const stats = statSync(join(dir, file));
      if (stats.isFile()) hash.update(`${join(dir, file)}\0${stats.size}\0${stats.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

const inputs = inputsDigest();
const previous = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (inputs !== undefined && `${inputs} ${outputsDigest()}` === previous) {
  process.stderr.write(`build: skipped, its inputs have not changed since the last build (${stamp})\n`);
  process.exit(0);
}
const run = spawnSync(command[0], command.slice(1), { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
if (inputs !== undefined) {
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${inputs} ${outputsDigest()}\n`);
}

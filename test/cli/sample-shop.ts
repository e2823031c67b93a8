/**
 * The records of `querymode inspect --sample-shop`, made once per build of the bin and kept in the
 * system's temporary folder: each run starts the embedded database (about 5 s of CPU, 40 s of
 * wall time at a load of 30), and a test that only reads the records need not start it again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, runCli } from './run-cli.js';

/** The NDJSON that `inspect --sample-shop` writes with the bin under test. */
export function sampleShopRecords(): string {
  const { mtimeMs, size } = statSync(BIN);
  const key = createHash('sha256').update(`${BIN}\0${mtimeMs}\0${size}`).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `querymode-test-sample-shop-${key}.ndjson`);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const r = runCli(['inspect', '--sample-shop']);
  if (r.status !== 0) throw new Error(`inspect --sample-shop failed (${r.status}): ${r.stderr}`);
  // Written whole under another name, then renamed: a file running beside this one reads all or nothing.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, r.stdout);
  renameSync(partial, file);
  return r.stdout;
}

/**
 * The timeout of a test that starts the embedded database once or twice: a start takes 40 s of
 * wall time at a load of 30, so a timeout near it would test the machine's load, not the program.
 */
export const EMBEDDED_TIMEOUT = 180_000;

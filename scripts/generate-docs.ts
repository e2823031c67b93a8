/**
 * Writes every generated artefact under docs/. Each generator is a pure function in a package;
 * the drift tests compare the committed files with the same functions' output.
 *
 * Usage: pnpm docs
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_DOCS } from './generated-docs.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

for (const doc of await GENERATED_DOCS()) {
  const target = join(root, doc.path);
  mkdirSync(dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${process.pid}`;
  writeFileSync(tmp, doc.content);
  renameSync(tmp, target);
  console.log(`wrote ${doc.path}`);
}

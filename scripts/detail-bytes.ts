/**
 * Where the bytes of a `recommend --ndjson --detail` record go, over the benchmark's generated
 * tables: bytes per table by top-level key, and by key inside `findings`, `candidates`,
 * `questions` and `traits`, the legend's share included. What issue work on the record's size
 * measures after each step (test/detail-size.test.ts holds the bound).
 *
 * Usage: `tsx scripts/detail-bytes.ts [tables=300] [seed=42]`. Deterministic.
 *
 * @module
 */
import { detailWriter, recommendRecord } from '@querymode/core';
import { traitsLines } from '../bench/lib/traits-gen.js';

/** What this build's `--detail` records are written with, built once for every record here, and its legend. */
const WRITER = detailWriter();
const LEGEND = WRITER.legend;

const tables = Number(process.argv[2] ?? 300);
const seed = Number(process.argv[3] ?? 42);

/** The JSON bytes of `value`. */
const size = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '');

const top = new Map<string, number>();
const inner = new Map<string, number>();
const add = (into: Map<string, number>, key: string, bytes: number) =>
  into.set(key, (into.get(key) ?? 0) + bytes);

/** Adds the bytes of each key of each item of `items` (a list of objects) under `prefix.key`. */
const byKey = (prefix: string, items: unknown) => {
  if (!Array.isArray(items)) return;
  for (const item of items)
    if (item !== null && typeof item === 'object')
      for (const [key, value] of Object.entries(item))
        add(inner, `${prefix}.${key}`, size(value) + key.length + 4);
};

let total = size(LEGEND) + 1;
[...traitsLines(tables, seed)].forEach((text, i) => {
  const record = recommendRecord({
    line: i + 1,
    value: JSON.parse(text),
    options: {},
    detail: 'detail',
    writer: WRITER,
  });
  const line = JSON.parse(JSON.stringify(record));
  total += size(line) + 1;
  for (const [key, value] of Object.entries(line)) add(top, key, size(value) + key.length + 4);
  byKey('findings', line.findings);
  byKey('candidates', line.candidates);
  byKey('questions', line.questions);
  if (line.traits !== undefined) byKey('traits', [line.traits]);
  for (const c of line.candidates ?? []) byKey('candidates.events', [c.events]);
});

const per = (bytes: number) => Math.round(bytes / tables).toLocaleString('en-US');
console.log(
  `bytes per table: ${per(total)} (${tables} tables, seed ${seed}; legend ${per(size(LEGEND) + 1)})`,
);
for (const [key, bytes] of [...top].sort((a, b) => b[1] - a[1])) {
  console.log(`${key.padEnd(16)} ${per(bytes).padStart(7)}`);
  const parts = [...inner].filter(([k]) => k.startsWith(`${key}.`)).sort((a, b) => b[1] - a[1]);
  for (const [k, b] of parts.slice(0, 8)) console.log(`  ${k.padEnd(32)} ${per(b).padStart(7)}`);
}

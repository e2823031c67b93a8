/**
 * Reading an answers file (`--answers`): JSON, or YAML read with the `yaml` library, into the
 * layers core applies to each table (`answerer`), each fact labelled with its file and line
 * (`answers.yaml:12`). Every problem is an error with the file and line: YAML or JSON that does
 * not parse, a key twice in one mapping, an alias that expands past a bound (a "billion laughs"
 * bomb), nesting deeper than an answers document has, an unknown key or a wrong value (core's
 * `readAnswers`, which reads each record by the traits field table). This module is in the lazy
 * chunk `answers` (`answers/chunk.ts`): no other run parses the YAML library.
 *
 * @module
 */
import {
  type AnswerLayer,
  type AnswerLayers,
  countOf,
  factPaths,
  type Issue,
  type IssuePath,
  readAnswers,
  shownString,
  type TableTraits,
} from '@querymode/core';
import { type Document, isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { inputError } from '../errors.js';
import { parseJson, readText, sourceName } from '../io/read.js';
import { parseYaml } from '../io/yaml.js';

/**
 * The deepest nesting an answers document has is 5 (`tables`, a table, `columns`, a column, a
 * key); deeper input is refused before it is read further, far above what a real file holds.
 */
const MAX_DEPTH = 32;

/** An answers file, read: the layers for core, and the line of each table entry. */
export interface AnswersFile {
  /** The file's name as given. */
  readonly name: string;
  readonly layers: AnswerLayers;
}

/** How deep a parsed value nests (arrays and objects). */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (d > deepest) deepest = d;
    if (deepest > limit) return deepest;
    if (typeof v === 'object' && v !== null) for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

/** The error of a document nested deeper than an answers document is. */
const tooDeep = (name: string) =>
  inputError(`answers file ${name} nests deeper than ${MAX_DEPTH} levels; an answers document has at most 5`);

/** The line of the value at `path` in the document, or of the nearest enclosing one found. */
function lineOf(doc: Document, lines: LineCounter, path: IssuePath): number {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node?.range !== undefined) return lines.linePos(node.range[0]).line;
  }
  return 1;
}

/** The line of an entry's key under `tables` (the name or glob), where it has one. */
function entryLine(doc: Document, lines: LineCounter, pattern: string): number | undefined {
  const map = doc.get('tables', true);
  if (!isMap(map)) return undefined;
  for (const pair of map.items)
    if (isScalar(pair.key) && String(pair.key.value) === pattern && pair.key.range)
      return lines.linePos(pair.key.range[0]).line;
  return undefined;
}

/** One problem of the file, with its line: `answers.yaml:12: in "sales.*": ...`. */
function problem(issue: Issue, name: string, line: number): string {
  const place = line === 0 ? name : `${name}:${line}`;
  const [top, pattern] = issue.path;
  const where =
    top === 'tables' && typeof pattern === 'string'
      ? ` in tables ${shownString(pattern)}`
      : top === 'defaults'
        ? ' in defaults'
        : '';
  return `${place}:${where} ${issue.message}`;
}

/** The layer of one partial record at `path`: each fact labelled with its line. */
function layerOf(
  traits: TableTraits,
  path: IssuePath,
  name: string,
  at: (p: IssuePath) => number,
): AnswerLayer {
  const facts: Record<string, string> = {};
  const place = (p: IssuePath) => {
    const line = at(p);
    return line === 0 ? name : `${name}:${line}`;
  };
  for (const f of factPaths(traits)) facts[f.key] = place([...path, ...f.path]);
  return { traits, at: facts, label: place(path), answers: true };
}

/** Reads an answers file into the layers of a run; a problem anywhere fails with every problem listed. */
export function readAnswersFile(file: string): AnswersFile {
  const name = sourceName(file);
  const text = readText(file, 'answers');
  const lines = new LineCounter();
  // A .json file must be JSON (a key twice is refused with both places); its lines come from the YAML reader.
  let value: unknown;
  let doc: Document | undefined;
  if (/\.json$/i.test(file)) {
    value = parseJson(text, file, 'answers');
    if (depthOf(value, MAX_DEPTH) > MAX_DEPTH) throw tooDeep(name);
    // JSON the YAML reader does not take (a key over 1,024 characters) keeps its facts, without lines.
    const yaml = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
    if (yaml.errors.length === 0) doc = yaml;
  } else {
    const read = parseYaml(text, name, lines);
    doc = read.doc;
    value = read.value;
    if (depthOf(value, MAX_DEPTH) > MAX_DEPTH) throw tooDeep(name);
  }
  const at = (path: IssuePath) => (doc === undefined ? 0 : lineOf(doc, lines, path));
  const read = readAnswers(value);
  if (!read.ok) {
    const list = read.issues.map((i) => `  ${problem(i, name, at(i.path))}`);
    throw inputError(
      `answers file ${name} is invalid (${countOf(read.issues.length, 'problem')}):\n${list.join('\n')}`,
    );
  }
  const d = read.value;
  const tables = d.tables.map((t) => {
    const layer = layerOf(t.traits, ['tables', t.pattern], name, at);
    const line = doc === undefined ? undefined : entryLine(doc, lines, t.pattern);
    return { pattern: t.pattern, ...layer, ...(line === undefined ? {} : { label: `${name}:${line}` }) };
  });
  const hasDefaults = Object.keys(d.defaults).length > 0;
  return {
    name,
    layers: { tables, ...(hasDefaults ? { defaults: layerOf(d.defaults, ['defaults'], name, at) } : {}) },
  };
}

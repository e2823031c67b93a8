/**
 * Reading a project file (`querymode.yaml`): a YAML mapping of settings (`config/settings.ts`),
 * each value a string, a number or a list of strings, checked as its flag checks it. An unknown key
 * (with the closest known one), a wrong value, a key twice or YAML that does not parse is an error
 * with the file and line. In the lazy chunk `answers`, with the YAML library.
 *
 * @module
 */
import { dirname, resolve } from 'node:path';
import { closest } from '@querymode/core';
import { isMap, isScalar, isSeq, LineCounter, type Node } from 'yaml';
import { inputError } from '../errors.js';
import { readText, sourceName } from '../io/read.js';
import { parseYaml } from '../io/yaml.js';
import { SETTINGS } from './settings.js';

/** One value of the project file, as text (a list comma-separated), with its line. */
export interface ProjectValue {
  readonly text: string;
  readonly line: number;
}

/** A project file, read: its name as shown and its values by key. */
export interface ProjectFile {
  readonly name: string;
  readonly values: ReadonlyMap<string, ProjectValue>;
}

/** The text of a value node, or undefined when it is not a string, a number or a list of strings. */
function textOf(node: unknown): string | undefined {
  if (isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number'))
    return String(node.value);
  if (isSeq(node)) {
    const items = node.items.map((i) => (isScalar(i) && typeof i.value === 'string' ? i.value : undefined));
    return items.every((i) => i !== undefined) ? items.join(',') : undefined;
  }
  return undefined;
}

/** Reads the project file at `file`; a problem is an error with the file and line. */
export function readProjectFile(file: string): ProjectFile {
  const name = sourceName(file);
  const lines = new LineCounter();
  const { doc } = parseYaml(readText(file, 'project'), name, lines, 'project file');
  const values = new Map<string, ProjectValue>();
  const contents = doc.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) return { name, values };
  const lineOf = (n: Node | unknown) => {
    const range = (n as { range?: [number, number, number] } | null)?.range;
    return range === undefined ? 1 : lines.linePos(range[0]).line;
  };
  if (!isMap(contents))
    throw inputError(
      `project file ${name}:${lineOf(contents)}: expected a mapping of settings (source: postgresql, horizon: 30d, ...)`,
    );
  const keys = SETTINGS.map((s) => s.key);
  for (const pair of contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const at = `${name}:${lineOf(pair.key)}`;
    const setting = SETTINGS.find((s) => s.key === key);
    if (setting === undefined) {
      const guess = closest(key, keys);
      throw inputError(
        `project file ${at}: unknown setting ${JSON.stringify(key)}${guess ? `; did you mean ${guess}?` : ''} (settings: ${keys.join(', ')})`,
      );
    }
    const text = textOf(pair.value);
    const line = lineOf(pair.value ?? pair.key);
    if (text === undefined)
      throw inputError(
        `project file ${name}:${line}: ${key} expects a string, a number or a list of strings`,
      );
    try {
      setting.check(text, `${name}:${line}: ${key}`);
    } catch (error) {
      throw inputError(`project file ${(error as Error).message}`);
    }
    const value = setting.path === true ? resolve(dirname(file), text) : text;
    values.set(key, { text: value, line });
  }
  return { name, values };
}

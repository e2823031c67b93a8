/**
 * Reading inputs: a file path or `-` for standard input, with one clear line for every failure.
 * JSON input is held to what a user relies on: UTF-8 only (a bad byte is an error with its
 * position, never a silent U+FFFD), valid JSON (an error says where and why, as a sentence), and
 * no key twice in one object (an error with both positions, since `JSON.parse` would silently
 * keep the last).
 *
 * @module
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { TOO_DEEP_MESSAGE } from '@querymode/core';
import { CliError, EXIT, usageError } from '../errors.js';
import { errnoCode, errnoReason } from './errno.js';
import { checkKeys, type DuplicateKey, TOO_DEEP } from './json-duplicates.js';
import { locateJsonError } from './json-locate.js';
import { encodingHint, findInvalidUtf8 } from './utf8.js';

/** A human name for a source: `stdin` or the path. */
export const sourceName = (source: string): string => (source === '-' ? 'stdin' : source);

/** 1-based line and column (in UTF-16 code units) of an offset into a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Decodes bytes as strict UTF-8, or fails with the position of the first bad byte. */
export function decodeUtf8(bytes: Buffer, source: string, what: string): string {
  const bad = findInvalidUtf8(bytes);
  if (bad !== undefined) {
    const before = bytes.subarray(0, bad.offset).toString('utf8');
    const { line, column } = lineColumn(before, before.length);
    throw new CliError(
      `${what} is not valid UTF-8 (${sourceName(source)}: byte ${bad.offset + 1}, line ${line}, column ${column}): ${bad.reason}; ${encodingHint(bytes)}`,
      EXIT.failed,
    );
  }
  return bytes.toString('utf8');
}

/**
 * The largest JSON document read (a body, traits, a fixture), in bytes: 16 MiB, the limit of one
 * NDJSON line. A larger input is refused before it is held whole (a 1 GB input would end in
 * "Cannot create a string longer than ..."); what these commands read is kilobytes.
 */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/** Thrown by {@link readAtMost} when the input passes the limit. */
class TooLarge extends Error {}

/** Reads `fd` to its end, but never more than `maxBytes` bytes (a pipe or a device may be endless). */
function readAtMost(fd: number, maxBytes: number): Buffer {
  const size = fstatSync(fd);
  if (size.isFile() && size.size > maxBytes) throw new TooLarge();
  const chunks: Buffer[] = [];
  let length = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      // A non-blocking stdin with nothing yet: wait a moment and read again.
      if (errnoCode(error) === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      throw error;
    }
    if (n === 0) break;
    length += n;
    if (length > maxBytes) throw new TooLarge();
    chunks.push(chunk.subarray(0, n));
  }
  return Buffer.concat(chunks, length);
}

/**
 * Reads a whole file, or standard input for `-`, as strict UTF-8, up to {@link MAX_DOCUMENT_BYTES}.
 * An empty input is a usage error; a larger one is an error that says the limit.
 */
export function readText(source: string, what: string): string {
  let bytes: Buffer;
  let fd: number | undefined;
  try {
    fd = source === '-' ? 0 : openSync(source, 'r');
    bytes = readAtMost(fd, MAX_DOCUMENT_BYTES);
  } catch (error) {
    if (error instanceof TooLarge) {
      throw new CliError(
        `${what} is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB (${sourceName(source)}): refused before reading it whole; is it the right input?`,
        EXIT.failed,
      );
    }
    const code = errnoCode(error);
    if (source === '-') throw usageError(`cannot read ${what} from stdin: ${errnoReason(error)}`);
    if (code === 'ENOENT') throw usageError(`${what} file not found: ${source}`);
    if (code === 'EISDIR') throw usageError(`${what} path is a directory, expected a file: ${source}`);
    if (code === 'EACCES') throw usageError(`${what} file is not readable (permission denied): ${source}`);
    throw usageError(`cannot read ${what} file ${source}: ${errnoReason(error)}`);
  } finally {
    if (fd !== undefined && fd !== 0) closeSync(fd);
  }
  let text = decodeUtf8(bytes, source, what);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') {
    throw usageError(
      source === '-'
        ? `no ${what} on stdin: pipe a JSON document in, or pass a file path`
        : `${what} file is empty: ${source}`,
    );
  }
  return text;
}

/** `the key "mode" twice in config (stdin:1:12 and stdin:1:31)`. */
function duplicateText(d: DuplicateKey, text: string, source: string): string {
  const name = sourceName(source);
  const at = (offset: number) => {
    const { line, column } = lineColumn(text, offset);
    return `${name}:${line}:${column}`;
  };
  const where = d.path.length === 0 ? 'the top-level object' : d.path.join('.');
  return `the key ${JSON.stringify(d.key)} twice in ${where} (${at(d.first)} and ${at(d.second)})`;
}

/** Options of {@link parseJson}. */
export interface ParseJsonOptions {
  /**
   * Called with a warning for a duplicate key instead of failing (for `validate --fix`, which
   * accepts what people write by hand and says what it changed). The last value is kept.
   */
  readonly onDuplicateKey?: (duplicate: DuplicateKey, message: string) => void;
}

/**
 * Parses JSON text, or fails with one line naming the source, line and column; a key that
 * appears twice in one object is an error naming both places (or a warning, see the options).
 */
export function parseJson(
  text: string,
  source: string,
  what: string,
  options: ParseJsonOptions = {},
): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const at = locateJsonError(text);
    const where = at ? `:${at.line}:${at.column}` : '';
    const why = at ? at.reason : (error as Error).message;
    throw new CliError(`${what} is not valid JSON (${sourceName(source)}${where}): ${why}`, EXIT.failed);
  }
  const duplicates = checkKeys(text, value);
  if (duplicates === TOO_DEEP)
    throw new CliError(`${what} (${sourceName(source)}) is ${TOO_DEEP_MESSAGE}`, EXIT.failed);
  const first = duplicates[0];
  if (first === undefined) return value;
  if (options.onDuplicateKey === undefined) {
    throw new CliError(
      `${what} has ${duplicateText(first, text, source)}; JSON keeps only the last value, so remove one of them`,
      EXIT.failed,
    );
  }
  for (const d of duplicates) {
    options.onDuplicateKey(d, `${what} has ${duplicateText(d, text, source)}; the last value is used`);
  }
  return value;
}

/** Reads and parses a JSON document from a file or stdin (see {@link readText} and {@link parseJson}). */
export function readJson(source: string, what: string, options: ParseJsonOptions = {}): unknown {
  return parseJson(readText(source, what), source, what, options);
}

/**
 * The lines of a file that `readLines` has read and found sound (UTF-8, no line over the limit),
 * read again one at a time, as an async iterator, so that the caller may await its work (and its
 * output) between lines and hold only the line in hand. Split as `readLines` splits: at each
 * `\n`, a byte-order mark at the start dropped. A file that no longer reads so (changed since)
 * throws.
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { MAX_LINE_BYTES } from './stream.js';

/** The lines of `path`, without their `\n` (a `\r` before it is kept, as `readLines` keeps it). */
export async function* fileLines(path: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let rest = '';
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    const text = rest + decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      yield text.slice(start, nl);
      start = nl + 1;
    }
    rest = text.slice(start);
    // A line's characters are at most its bytes: one longer than the limit was not in the file read.
    if (rest.length > MAX_LINE_BYTES) throw new Error(`a line of ${path} is longer than the limit`);
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}

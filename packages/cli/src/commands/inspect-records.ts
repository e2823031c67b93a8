/**
 * Writing `inspect`'s records, whichever source they come from: one NDJSON traits record per
 * table (or one pretty `--json` document), to `-o`'s file whole or not at all (a temporary file,
 * renamed), or to stdout in chunks of whole lines.
 *
 * @module
 */
import { inspectRecord, type TableTraits } from '@querymode/core';
import { writeOutput } from '../io/write.js';
import { write } from '../io/write-stdout.js';

/** The records and where they go. */
export interface InspectRecords {
  readonly tables: readonly TableTraits[];
  /** The source and its server, as the `--json` document names them. */
  readonly database: string;
  readonly server: string;
  readonly json: boolean;
  /** `-o`'s file; undefined for stdout. */
  readonly file: string | undefined;
}

/** Writes the records; false when stdout closed before the end (a closed pipe ends the output quietly). */
export async function writeRecords(r: InspectRecords): Promise<boolean> {
  const document = () => JSON.stringify(inspectRecord(r.database, r.server, r.tables), null, 2);
  if (r.file !== undefined) {
    writeOutput(r.json ? document() : r.tables.map((t) => JSON.stringify(t)).join('\n'), r.file, '-o');
    return true;
  }
  if (r.json) return write(`${document()}\n`);
  // Whole lines only, in chunks of about 64 KiB.
  let chunk = '';
  for (const t of r.tables) {
    chunk += `${JSON.stringify(t)}\n`;
    if (chunk.length >= 65_536) {
      if (!(await write(chunk))) return false;
      chunk = '';
    }
  }
  return chunk === '' || write(chunk);
}

/**
 * Writing `inspect`'s records, whichever source they come from: one NDJSON traits record per
 * table (or one pretty `--json` document), to `-o`'s file whole or not at all (a temporary file,
 * renamed), or to stdout in chunks of whole lines, then or as each record is assembled.
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
  const stream = streamRecords();
  for (const t of r.tables) await stream.add(t);
  return stream.end();
}

/** How many records went out, and how many of them have notes (for the summary). */
export interface RecordCounts {
  readonly tables: number;
  readonly withNotes: number;
}

/** The counts of records kept. */
export const countsOf = (tables: readonly TableTraits[]): RecordCounts => ({
  tables: tables.length,
  withNotes: tables.filter((t) => (t.notes ?? []).length > 0).length,
});

/** NDJSON records written to stdout as they are assembled, none kept. */
export interface RecordStream {
  /**
   * Takes one record (`before` runs first, once); when its line ends a chunk of about 64 KiB, the
   * chunk's write, to wait for before the next record (a pipe whose reader is slower than the catalog's).
   */
  readonly add: (table: TableTraits) => Promise<void> | undefined;
  /** Writes what is left; false when stdout closed before the end (the lines after are dropped). */
  end(): Promise<boolean>;
  /** The records taken so far. */
  counts(): RecordCounts;
}

/**
 * Writes NDJSON records to stdout as they come, in chunks of whole lines of about 64 KiB: a record
 * is not kept once its line is made (30,000 tables: 28 MB of heap that stayed to the end). `before`
 * runs once, before the first line (to clear a progress line).
 */
export function streamRecords(before: () => void = () => undefined): RecordStream {
  let tables = 0;
  let withNotes = 0;
  let chunk = '';
  let open = true;
  let started = false;
  const flush = async (): Promise<void> => {
    const text = chunk;
    chunk = '';
    if (!(await write(text))) open = false;
  };
  return {
    add(table) {
      if (!started) {
        started = true;
        before();
      }
      tables++;
      if ((table.notes ?? []).length > 0) withNotes++;
      if (!open) return undefined;
      chunk += `${JSON.stringify(table)}\n`;
      return chunk.length >= 65_536 ? flush() : undefined;
    },
    async end() {
      if (open && chunk !== '') await flush();
      return open;
    },
    counts: () => ({ tables, withNotes }),
  };
}

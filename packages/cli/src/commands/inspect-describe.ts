/**
 * `querymode inspect --describe PATH [--record-counts FILE]`: Salesforce objects' traits from
 * saved describe files (the REST describe, `sf sobject describe --json`, arrays of them, the global
 * `/sobjects` list), one NDJSON traits record per object, as database inspection writes them. A
 * file or describe that cannot be read is named on stderr and makes the exit status 1; every
 * other object is still written, to stdout or to `-o`'s file whole.
 *
 * @module
 */
import { countOf, shownString } from '@querymode/core';
import type { SalesforceCatalog } from '@querymode/introspect';
import { loadIntrospect } from '../database/load-introspect.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { filesOf } from '../io/files-of.js';
import { oneLine } from '../io/one-line.js';
import { readJson } from '../io/read.js';
import { summaryHead } from '../io/style.js';
import { checkOutputTarget, outputFile } from '../io/write.js';
import { writeRecords } from './inspect-records.js';

/** Options of `inspect --describe`. */
export interface DescribeFlags {
  readonly describe?: string[];
  readonly recordCounts?: string;
  readonly table?: string[];
  readonly json?: boolean;
  /** `-o`: the file the records go to, whole or not at all. */
  readonly output?: string;
}

/** Reads the describe files and the record counts, and converts them: one record per object, an issue per bad entry. */
export async function inspectFromDescribe(
  flags: DescribeFlags,
): Promise<{ catalog: SalesforceCatalog; problems: string[]; files: number }> {
  const introspect = await loadIntrospect();
  const problems: string[] = [];
  const describes: unknown[] = [];
  const files: string[] = [];
  let countsFile = flags.recordCounts;
  let recordCounts = countsFile === undefined ? undefined : readJson(countsFile, 'the record counts');
  for (const file of (flags.describe ?? []).flatMap((p) =>
    filesOf(
      p,
      '--describe',
      '.json',
      '; save describes there with `sf sobject describe --sobject NAME --json > NAME.json`',
    ),
  )) {
    let doc: unknown;
    try {
      doc = readJson(file, 'the describe');
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      problems.push(error.message);
      continue;
    }
    if (introspect.isRecordCounts(doc)) {
      if (countsFile !== undefined)
        throw usageError(
          `two record-count files: ${shownString(countsFile)} and ${shownString(file)}; keep one (the newest)`,
        );
      countsFile = file;
      recordCounts = doc;
      continue;
    }
    files.push(file);
    describes.push(doc);
  }
  const catalog = introspect.salesforceTraits(
    { describes, ...(recordCounts === undefined ? {} : { recordCounts }) },
    flags.table === undefined ? {} : { objects: flags.table },
  );
  // The issues' paths start at the input's index: name the file instead.
  for (const issue of catalog.issues) {
    const [top, index] = issue.path;
    const file = top === 'describes' && typeof index === 'number' ? files[index] : countsFile;
    problems.push(`${file === undefined ? '' : `${oneLine(file)}: `}${issue.message}`);
  }
  return { catalog, problems, files: files.length };
}

/** Runs `inspect --describe`. */
export async function runInspectDescribe(flags: DescribeFlags): Promise<number> {
  const start = performance.now();
  // A bad -o fails before any file is read.
  const file = outputFile(flags.output);
  if (file !== undefined) checkOutputTarget(file, '-o');
  const { catalog, problems, files } = await inspectFromDescribe(flags);
  const origin = `${countOf(files, 'describe file')}`;
  // Written once every file is read; with -o, whole or not at all (a temporary file, renamed).
  if (catalog.tables.length > 0 || flags.json === true)
    await writeRecords({
      tables: catalog.tables,
      database: origin,
      server: 'Salesforce',
      json: flags.json === true,
      file,
    });
  for (const p of problems) process.stderr.write(`inspect: ${p}\n`);
  const unknownColumns = catalog.tables.filter((t) => t.columns === undefined).length;
  const seconds = ((performance.now() - start) / 1000).toFixed(2);
  process.stderr.write(
    `${[
      `${summaryHead('inspect')} ${countOf(catalog.tables.length, 'Salesforce object')} from ${origin} in ${seconds} s`,
      ...(unknownColumns > 0
        ? [
            `  ${countOf(unknownColumns, 'object')} without describe: fields unknown (save them with sf sobject describe --json)`,
          ]
        : []),
      ...(catalog.unmatched.length > 0
        ? [
            `  no object matched: ${catalog.unmatched.map((n) => `--table ${shownString(n)}`).join(', ')} (object names are matched exactly, case included)`,
          ]
        : []),
      ...(problems.length > 0
        ? [`  ${countOf(problems.length, 'entry')} not read (above); every other object is written`]
        : []),
    ].join('\n')}\n`,
  );
  if (catalog.tables.length === 0) throw new CliError('no objects: no describe could be read', EXIT.failed);
  return problems.length > 0 || catalog.unmatched.length > 0 ? EXIT.failed : EXIT.ok;
}

/**
 * `querymode inspect <URL>` (and `verify`) of a source that is no database (a Salesforce org): the
 * kind its URL's scheme names (introspect's descriptions) brings its reader and its flags; this
 * file hands the reader the flags' values (`readSource`), then `inspect` writes its records as
 * database inspection does, whole once the source is read (to stdout, or to `-o`'s file:
 * temporary file, renamed), and its summary. A kind added to introspect is read here with no CLI
 * file changed.
 *
 * @module
 */
import { shownString } from '@querymode/core';
import type { SourceFlagValue, SourceReading } from '@querymode/introspect';
import { kindOption, type ReadKind } from '../database/kinds.js';
import { loadIntrospect } from '../database/load-introspect.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { endProgress, progress } from '../io/progress.js';
import { readText } from '../io/read.js';
import { summaryHead } from '../io/style.js';
import { checkOutputTarget, outputFile } from '../io/write.js';
import { parseDurationMinutes } from '../traits/duration.js';
import { writeRecords } from './inspect-records.js';

/** Options of `inspect` a source reads: the selection, the output, and the kind's own flags (by attribute). */
export interface SourceFlags {
  readonly table?: string[];
  readonly exclude?: string[];
  readonly output?: string;
  readonly json?: boolean;
}

/** The kind's flags that were given, by name, as each flag's `takes` says the reader takes it. */
function kindFlagValues(kind: ReadKind, flags: SourceFlags): Record<string, SourceFlagValue> {
  const given = flags as Readonly<Record<string, unknown>>;
  const values: Record<string, SourceFlagValue> = {};
  for (const flag of kind.flags ?? []) {
    const text = given[kindOption(kind, flag).attributeName()];
    if (typeof text !== 'string') continue;
    const name = `--${flag.name}`;
    if (flag.takes === 'file')
      values[flag.name] = {
        text: readText(text, name),
        from: text === '-' ? `stdin (${name} -)` : shownString(text),
      };
    else if (flag.takes === 'duration')
      values[flag.name] = parseDurationMinutes(text, name, 'seconds') * 60_000;
    else values[flag.name] = text;
  }
  return values;
}

/**
 * Reads `url`, a source of `kind`, with its own reader (`inspect` and `verify`): the URL, the
 * flags and the credentials checked before anything is spent, the plan said, progress on a
 * terminal; each line under `command`'s name. A source that cannot be read at all is an error.
 */
export async function readSource(
  kind: ReadKind,
  url: string,
  flags: SourceFlags,
  command: string,
): Promise<SourceReading> {
  const prepared = kind.sourceReader.load(await loadIntrospect())({
    url,
    flags: kindFlagValues(kind, flags),
    ...(flags.table === undefined ? {} : { tables: flags.table }),
    ...(flags.exclude === undefined ? {} : { exclude: flags.exclude }),
    environment: process.env,
    progress: (line) => progress(`${command}: ${line}`),
    say: (line) => {
      endProgress();
      process.stderr.write(`${command}: ${line}\n`);
    },
  });
  if (!prepared.ok) throw usageError(prepared.issues[0]?.message ?? `not a ${kind.label} URL`);
  const reading = await prepared.value.read();
  endProgress();
  if (!reading.ok)
    throw new CliError(reading.issues[0]?.message ?? `reading ${kind.label} failed`, EXIT.failed);
  return reading.value;
}

/** Runs `inspect` of `url`, a source of `kind`, that its own reader reads. */
export async function runInspectSource(kind: ReadKind, url: string, flags: SourceFlags): Promise<number> {
  const start = performance.now();
  // A bad -o fails before anything is read or spent.
  const file = outputFile(flags.output);
  if (file !== undefined) checkOutputTarget(file, '-o');
  const r = await readSource(kind, url, flags, 'inspect');
  // Written once the whole source is read: to stdout, or to -o's file whole.
  if (r.tables.length > 0 || flags.json === true)
    await writeRecords({
      tables: r.tables,
      database: r.origin,
      server: r.server,
      json: flags.json === true,
      file,
    });
  for (const p of r.problems) process.stderr.write(`inspect: ${p}\n`);
  const seconds = ((performance.now() - start) / 1000).toFixed(2);
  process.stderr.write(
    `${[`${summaryHead('inspect')} ${r.what} in ${seconds} s, ${r.spent}`, ...r.notes.map((n) => `  ${n}`)].join('\n')}\n`,
  );
  if (r.tables.length === 0) throw new CliError(r.none, EXIT.failed);
  return r.complete ? EXIT.ok : EXIT.failed;
}

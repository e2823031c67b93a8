/**
 * The reader of a source that is no database (a CRM), as its kind's description names it: what
 * the command line hands it (the URL, the kind's own flags, the selection, the environment, where
 * progress goes) and what it gives back (records, problems, the words of the summary). The command
 * line writes the records and the summary the same way for every such kind, so adding one touches
 * no CLI file. Types only: a reader is loaded with the package, never at start.
 *
 * @module
 */
import type { TableTraits } from '@querymode/core';
import type { InspectResult } from '../result.js';

/**
 * A kind flag's value as the reader receives it, by the flag's `takes`: the text as written;
 * `file`, the text of the file it names (`-`: stdin) with how to name it; `duration`, milliseconds.
 */
export type SourceFlagValue = string | number | { readonly text: string; readonly from: string };

/** What a source's reader is handed. */
export interface SourceRequest {
  /** The URL, in the kind's form (`salesforce://<My Domain host>`). */
  readonly url: string;
  /** The kind's flags that were given, by name (`api-reserve`). */
  readonly flags: Readonly<Record<string, SourceFlagValue>>;
  /** Only these objects (exact names): `--table`. */
  readonly tables?: readonly string[];
  /** Not the objects matching these patterns (`*`, `?`): `--exclude`. */
  readonly exclude?: readonly string[];
  readonly environment: Readonly<Record<string, string | undefined>>;
  /** Where the run is, a line rewritten in place on a terminal. */
  readonly progress: (line: string) => void;
  /** A line to say now, before the reading goes on (what the run will spend). */
  readonly say: (line: string) => void;
}

/** What a source gave: its records and what the summary says of them. */
export interface SourceReading {
  /** The source as the records' document names it (`--json`): its host. */
  readonly origin: string;
  /** The kind of server, as that document names it (`Salesforce`). */
  readonly server: string;
  readonly tables: readonly TableTraits[];
  /** What could not be read, one line each; every other record is still written. */
  readonly problems: readonly string[];
  /** The summary's first line after `inspect:` and before the time: `60 Salesforce objects from "acme..."`. */
  readonly what: string;
  /** What the run spent, after the time: `61 API requests; the org has 14,939 daily API requests left`. */
  readonly spent: string;
  /** The summary's other lines (names that matched nothing, the problems' count). */
  readonly notes: readonly string[];
  /** Whether every object was read and every name given matched one (else the exit status is 1). */
  readonly complete: boolean;
  /** Why no record came out, when none did. */
  readonly none: string;
}

/** A reading checked and ready: nothing is spent before `read` is called. */
export interface PreparedReading {
  read(): Promise<InspectResult<SourceReading>>;
}

/**
 * A source's reader: it checks the URL, the flags and the credentials first, spending nothing
 * (an issue there is the user's to fix: a usage error), and returns the reading to run.
 */
export type SourceReader = (request: SourceRequest) => InspectResult<PreparedReading>;

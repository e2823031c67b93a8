/**
 * The shape of a benchmark suite. A suite is a file `bench/<name>.bench.ts` that exports
 * `suites: Suite[]`; `scripts/bench.ts` finds, runs and reports every suite.
 *
 * @module
 */
import type { MeasureOptions } from './measure.js';

/** A table of figures, rendered as Markdown. */
export interface Table {
  /** A heading above the table. */
  readonly title?: string;
  /** The column headers. */
  readonly columns: readonly string[];
  /** The rows, already formatted. */
  readonly rows: readonly (readonly string[])[];
}

/** A figure with a limit, such as "within 2x of the baseline". */
export interface Target {
  /** What is measured, such as "valid bodies: validateQueryModeBody vs baseline". */
  readonly name: string;
  /** The measured value. */
  readonly value: number;
  /** The limit the value must not exceed (or must reach, with `atLeast`). */
  readonly limit: number;
  /** `true` when the value must be at least the limit; by default it must be at most the limit. */
  readonly atLeast?: boolean;
  /** How to print value and limit, such as `x` for ratios or ` ms`. */
  readonly unit: string;
}

/** What a suite reports: tables, targets and notes, all rendered into its section. */
export interface SuiteResult {
  /** The tables of figures. */
  readonly tables: readonly Table[];
  /** Limits the figures are held to; each is reported as met or missed. */
  readonly targets?: readonly Target[];
  /** Paragraphs after the tables (method, data set, caveats), in Markdown. */
  readonly notes?: readonly string[];
}

/** What the runner gives a suite. */
export interface SuiteContext {
  /** How to measure: warm-up and rounds, shortened by `--quick`. */
  readonly measure: MeasureOptions;
  /** Whether `--quick` was given (a smoke run; figures are not meaningful). */
  readonly quick: boolean;
  /** Progress lines for the console (not written to the report). */
  readonly log: (line: string) => void;
}

/** One benchmark suite. */
export interface Suite {
  /** The id, used on the command line (`pnpm bench <id>`) and as the section anchor. */
  readonly id: string;
  /** The section title. */
  readonly title: string;
  /** What the suite measures, in Markdown, shown under the title. */
  readonly description: string;
  /** Runs the suite; may be async (child processes, streams). */
  readonly run: (context: SuiteContext) => SuiteResult | Promise<SuiteResult>;
}

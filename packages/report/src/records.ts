/**
 * The input of a report: the records `querymode recommend --ndjson` writes, one per input line.
 * Their types and schema are core's (`@querymode/core`'s records: `NdjsonRecord`, and
 * `ndjsonRecordSchema` in `@querymode/core/schemas`); the CLI holds each line to the schema before
 * it reaches this package. These names are the report's words for them.
 *
 * @module
 */
import type { NdjsonErrorRecord, NdjsonRecord, NdjsonResultRecord } from '@querymode/core';

/**
 * A line's recommendation. Compact records carry `misses` and `warnings`; `--reasons` adds
 * `reasons`; `--detail` adds `reasons`, `traits` and `candidates`.
 */
export type ResultRecord = NdjsonResultRecord;

/** A line that `recommend --ndjson` could not read or advise. */
export type ErrorRecord = NdjsonErrorRecord;

/** One record of `recommend --ndjson`. */
export type ReportRecord = NdjsonRecord;

/**
 * The output records of the CLI, in one home: what `querymode recommend --ndjson` writes per line
 * (a result or an error), and the other JSON outputs. This entry (part of `@querymode/core`) holds
 * what needs no zod: the lists of codes and statuses, the records' types and the builders that
 * make them. Their zod schemas (`schemas.ts`: the schema of record, `querymode schema <kind>`)
 * reach users through `@querymode/core/schemas`, so that importing core does not load zod.
 *
 * @module
 */
export * from './apply-build.js';
export * from './apply-record.js';
export * from './codes.js';
export {
  type DetailCandidate,
  type DetailCandidates,
  type DetailCapture,
  type DetailEstimate,
  type DetailEvents,
  type DetailFinding,
  type DetailKinds,
  type DetailWithinReach,
  estimateIn,
  findingsOfCandidate,
  fullQuestions,
  questionsAt,
  unknownOf,
  unlocksOfCandidate,
} from './detail-candidates.js';
export * from './detail-expand.js';
export {
  citedText,
  type DetailLegend,
  detailLegend,
  type RecordText,
  type TextRef,
} from './detail-legend.js';
export {
  type DetailQuestion,
  type DetailSqlNames,
  fullQuestion,
  type LegendQueries,
  type NameShape,
} from './detail-queries.js';
export { type DetailWriter, detailWriter } from './detail-writer.js';
export * from './estimate-record.js';
export * from './inspect-record.js';
export * from './output-kinds.js';
export {
  compactRecordWithReach,
  errorRecord,
  prepareRecordOptions,
  type RecordRequest,
  type RecordWithReach,
  recommendRecord,
} from './recommend-build.js';
export type * from './recommend-record.js';
export { recordQuestions } from './record-questions.js';
// The record of `querymode verify`: its schema comes with zod (`verify.ts`, through
// `@querymode/core/schemas`), its builder is the CLI's (`verify/record.ts`); its type alone here.
export type { VerifyRecord } from './verify.js';

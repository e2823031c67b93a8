/**
 * `@querymode/report`: the offline HTML page of `querymode report`. The records of
 * `querymode recommend --ndjson` become rows (`reportRow`, one at a time, so that the input need
 * not be held), the rows a summary (`summarize`), and both one self-contained HTML file
 * (`renderReportHtml`) with the page's script and style, which `build-page.mjs` bundles at build
 * time. Pure: no I/O.
 *
 * @module
 */
export {
  contentSecurityPolicy,
  type PageAssets,
  renderReportHtml,
  renderVerifyHtml,
  type VerifyPageData,
} from './html/page.js';
export { QuestionsGatherer, type QuestionsView, questionsView } from './model/questions.js';
export { errorRow, reportRow, resultRow, tableSchemaOf } from './model/row.js';
export { summarize } from './model/summary.js';
export * from './model/types.js';
export {
  VERIFY_ORDER,
  type VerifyRow,
  type VerifyVerdict,
  type VerifyView,
  verifyRow,
  verifyView,
} from './model/verify.js';
export type { ErrorRecord, ReportRecord, ResultRecord } from './records.js';
export { formatCount, horizonText, percentOf } from './text.js';

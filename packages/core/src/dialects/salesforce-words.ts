/**
 * Salesforce's words for the advisor's sentences (`words.ts`): objects, records and fields, the
 * Recycle Bin for deletes, the record counts for estimates. Each fact that changes a rule's text
 * cites its address (DOCUMENTED_ADDRESSES); what Salesforce does not document is asked, not said.
 *
 * @module
 */
import { DOCUMENTED_ADDRESSES as DOC } from '../catalogue/documented-addresses.js';
import type { SourceWords } from './words.js';

/** The Recycle Bin: what an admin does about deletes (system_fields.htm); the reload is the formula fields' remedy too. */
const DELETES_REMEDY = `To keep them in step: reload the object in full from time to time (\`full_load\`, below 5,000,000 records), or read the deleted records from the Recycle Bin (\`sf data query --all-rows\` with \`IsDeleted = true\`: kept 15 days at most; hard-deleted records leave no trace: ${DOC.salesforceSystemFields}) and delete them at the destination.`;

/** Salesforce's words. */
export const SALESFORCE_WORDS: SourceWords = {
  nouns: { table: 'object', tables: 'objects', row: 'record', rows: 'records', column: 'field' },
  // SystemModstamp is on every object, updated or not (system_fields.htm): no evidence of updates.
  updateEvidence: null,
  // The service's table of what each mode captures describes none as capturing deletes; its
  // table-mode rule on deletes is about database pipelines, so it is not cited here.
  deletesLost:
    "the service's documentation describes none as reading the records deleted in Salesforce (service rules: what each mode captures)",
  deletesRule: 'what each mode captures',
  deletedStay: 'records deleted in Salesforce may stay in the destination',
  deletesRemedy: DELETES_REMEDY,
  deletesLeftOut:
    "Deletes are left out: the service's documentation describes no mode as capturing them (service rules: what each mode captures).",
  deletesReport: {
    seen: (count, objects) =>
      `${count} Salesforce ${objects === 1 ? 'object has' : 'objects have'} deletes (their describes have IsDeleted: deleted records go to the Recycle Bin).`,
    lost: {
      before: 'No query mode is described as capturing deletes (',
      link: "the service's API documentation of query modes",
      address: DOC.apiQueryModes,
      after: '): records deleted in Salesforce may stay in the destination.',
    },
    remedy: DELETES_REMEDY,
  },
  noTrackingFeature: 'use another query mode: the service reads Salesforce objects by SystemModStamp',
  rowsEstimated: `by Salesforce's record count, which is cached and approximate: ${DOC.salesforceRecordCount}`,
  // The service's row limit holds for Salesforce objects: its query modes apply to Salesforce pipelines.
  rowLimit: (mode, limit) =>
    `\`${mode}\` is usable only when the object has fewer than ${limit} records (the service's row limit; its query modes apply to Salesforce objects as to tables: ${DOC.apiQueryModes})`,
  setter: 'Salesforce',
  timestampRule: `the timestamp must be updated automatically on every record update, as Salesforce does SystemModstamp (${DOC.salesforceSystemFields})`,
  growingColumn: `a field Salesforce documents to grow with each new record (it documents none: ${DOC.salesforceSystemFields})`,
  lateWrites: {
    message: (object, field) =>
      `Whether ${object} gets records saved later than the SystemModstamp they carry (a long-running automated process or data load) is not known: Salesforce does not document when SystemModstamp is stamped within a save (${DOC.salesforceSystemFields}). If it does, records saved late are missed unless \`${field}\` is set: each run then reads only records older than the current time minus the delay (a trailing window: service rules: the delay window).`,
    question:
      'How long do the longest saves of its records run (automated processes, data loads such as Data Loader or Bulk API jobs)?',
    noQuery: 'no query: it depends on the automation and the data loads of the org',
    remedy: (field) => `Set \`${field}\` to the longest save's duration in milliseconds, such as "60000".`,
  },
  gone: 'no longer in the org',
};

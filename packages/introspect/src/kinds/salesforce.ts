/**
 * Salesforce as the command line names it: `salesforce://<My Domain host>`, an org read through
 * its REST API (`salesforce/source.ts`, loaded only when such a URL is given), and the flags only it reads. No database: no port, no driver
 * variables, so `--source` does not offer it.
 *
 * @module
 */
import type { KindDescription } from './description.js';
import type { SourceReader } from './source-reader.js';

/** Salesforce. */
export const SALESFORCE_KIND = {
  kind: 'salesforce',
  label: 'Salesforce',
  // `salesforce+http:` is for a stand-in server on this machine alone (tests).
  schemes: ['salesforce:', 'salesforce+http:'],
  url: {
    form: 'salesforce://<My Domain host>',
    reads: 'to read a Salesforce org through its REST API (token: SF_ACCESS_TOKEN or --sf-org-json)',
  },
  urlParameters: [],
  flags: [
    {
      name: 'sf-org-json',
      value: '<file>',
      takes: 'file',
      help: 'the access token (and instance URL) from the JSON `sf org display --json` prints; - reads it from stdin; default: the token in SF_ACCESS_TOKEN',
    },
    { name: 'api-version', value: '<version>', help: 'the REST API version (default 62.0)' },
    {
      name: 'api-reserve',
      value: '<requests|percent>',
      help: "stop before the org's remaining daily API requests fall under this: a number, or a percentage of the daily maximum (default 10%)",
    },
    {
      name: 'look-back',
      value: '<days>',
      // verify checks the plan against the describes and counts; the plan's rates stand, none is measured.
      readBy: ['inspect'],
      help: 'measure change rates: count the records created, and those changed, in the last N days (1 to 365; SOQL COUNT(), 2 an object, 25 a composite API request), and record inserts and updates per day; default: not measured',
    },
    {
      name: 'request-timeout',
      value: '<duration>',
      takes: 'duration',
      help: 'timeout of each API request: a bare number is seconds, or 30s, 2m, 1h (default 2m)',
    },
  ],
  // Read live by `salesforce/source.ts`; --table and --exclude select its objects.
  sourceReader: {
    load: (introspect) => introspect.readSalesforceSource as SourceReader,
    selects: ['table', 'exclude'],
  },
} as const satisfies KindDescription;

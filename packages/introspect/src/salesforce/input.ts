/**
 * What a Salesforce org gives querymode, as the raw JSON its REST API or the Salesforce CLI (`sf`)
 * returns: read from saved describe files (`inspect --describe`) or live (`inspect
 * salesforce://`). The converter (`catalog.ts`) turns it into traits records.
 *
 * @module
 */
import type { MeasuredChanges } from './measured-changes.js';

/** What a Salesforce org gives, as raw JSON the REST API or the sf CLI returns. */
export interface SalesforceCatalogInput {
  /** the global /sobjects answer (DescribeGlobalResult), if read */
  global?: unknown;
  /** each object's describe (DescribeSObjectResult), in any saved shape: plain, sf `{status,result}`, arrays */
  describes: unknown[];
  /** the /limits/recordCount answer (`{ sObjects: [{ name, count }] }`) or sf's record-counts JSON, if read */
  recordCounts?: unknown;
  /** the change counts measured live (`--look-back`), if measured */
  measured?: MeasuredChanges;
}

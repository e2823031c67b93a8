/**
 * Addresses of the public documentation that querymode relies on beyond the service's API v2.0
 * documentation of query modes and pagination: pages of the service's own documentation and of
 * the databases. The service rules (`service-rules.ts`) and the advisor cite them by name.
 *
 * @module
 */

/** Addresses of public documentation, by what they document. */
export const DOCUMENTED_ADDRESSES = {
  /** The service: how query modes affect events usage, with worked examples; log-based pipelines. */
  eventsQueryModes: 'https://docs.hevodata.com/events-usage/factors-affecting-events-usage/query-modes/',
  /** The service: factors of events usage; events reloaded from the log are chargeable. */
  eventsUsage: 'https://docs.hevodata.com/events-usage/factors-affecting-events-usage/',
  /**
   * The service: pipeline (ingestion) modes; deletes are not replicated in table and custom SQL
   * mode; changing the query mode restarts ingestion, and re-ingested events are not billed.
   */
  ingestionModes: 'https://docs.hevodata.com/data-ingestion/ingestion-modes-and-query-modes/',
  /** The service: default ingestion frequency, 6 hours for table-mode and 30 minutes for log-based pipelines. */
  ingestionFrequency: 'https://mini-docs.hevodata.com/data-ingestion/ingestion-and-loading-frequency',
  /** The service: duplicate timestamp values beyond the ingestion batch size make a pipeline re-ingest them. */
  duplicateTimestamps: 'https://docs.hevodata.com/pipelines/pipeline-faqs/high-billable-count/',
  /** The service: pipeline modes; the delay window of timestamp reads (`< Now() - delay`). */
  pipelineModes: 'https://docs.hevodata.com/pipelines/pipeline-concepts/pipeline-modes/',
  /** The service's API: status codes (200/204; 400, 401, 403). */
  apiResponse: 'https://api-docs.hevodata.com/reference/response',
  /** The service's API: 100 requests a minute per user. */
  apiRateLimits: 'https://api-docs.hevodata.com/reference/rate-limits',
  /** The service's API: Basic over the key and secret. */
  apiFaqs: 'https://api-docs.hevodata.com/reference/faqs',
  /** SQL Server: change tracking, a feature of the database engine. */
  sqlServerChangeTracking:
    'https://learn.microsoft.com/sql/relational-databases/track-changes/about-change-tracking-sql-server',
  /** SQL Server: enable change tracking on the database first, then on each table, which needs a primary key. */
  sqlServerEnableChangeTracking:
    'https://learn.microsoft.com/sql/relational-databases/track-changes/enable-and-disable-change-tracking-sql-server',
  /** The service: Salesforce read incrementally by SystemModStamp; a formula field's change does not change it. */
  serviceSalesforce: 'https://docs.hevodata.com/sources/crm/salesforce/',
  /** The service's API: the query mode applies to pipelines with Salesforce and database sources. */
  apiQueryModes: 'https://api-docs.hevodata.com/reference/query-modes-for-pipelines',
  /** Salesforce: an object's describe (`queryable`, `replicateable`, ...). */
  salesforceDescribeObject:
    'https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_describesobjects_describesobjectresult.htm',
  /** Salesforce: a field's describe (`nillable`, `unique`, `calculated`, `filterable`, `sortable`, ...). */
  salesforceFieldAccess:
    'https://developer.salesforce.com/docs/platform/object-reference/guide/access-for-fields.html',
  /** Salesforce: the system fields (`Id`, `CreatedDate`, `LastModifiedDate`, `SystemModstamp`, `IsDeleted`). */
  salesforceSystemFields: 'https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/system_fields.htm',
  /** Salesforce: getUpdated finds changed records by SystemModstamp (LastModifiedDate where there is none). */
  salesforceGetUpdated:
    'https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/resources_getupdated.htm',
  /** Salesforce: History objects have CreatedDate but no LastModifiedDate or SystemModstamp. */
  salesforceHistoryObjects:
    'https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_associated_objects_history.htm',
  /** Salesforce: record counts, cached and approximate, none for History, Share, Feed, ChangeEvent objects. */
  salesforceRecordCount:
    'https://developer.salesforce.com/docs/platform/api-rest/guide/resources-record-count.html',
  /** Salesforce CLI: `sf sobject describe --sobject X --json`. */
  salesforceCliDescribe:
    'https://developer.salesforce.com/docs/platform/salesforce-cli-reference/guide/cli_reference_sobject_describe.html',
  /** SOQL: `COUNT()` returns the number of rows matching the filter, in the query result's size (`totalSize`). */
  salesforceSoqlCount:
    'https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_select_count.htm',
  /** SOQL: dateTime values in UTC (`2026-11-21T15:07:04Z`), and date literals (`LAST_N_DAYS:n`) whose range depends on the user's locale. */
  salesforceSoqlDates:
    'https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_select_dateformats.htm',
  /** REST `queryAll`: the records a query finds, those in the Recycle Bin (`IsDeleted = true`) included. */
  salesforceQueryAll:
    'https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm',
} as const;

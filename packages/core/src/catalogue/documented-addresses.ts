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
} as const;

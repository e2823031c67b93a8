/**
 * The public documentation outside the spec that the advisor relies on, by address. Each rule
 * or estimate that uses one of these says "documented outside the spec" and gives the address.
 *
 * @module
 */

/** Addresses of public documentation outside the spec. */
export const DOCUMENTED = {
  /** The service: how query modes affect events usage, with worked examples; log-based pipelines. */
  eventsQueryModes: 'https://docs.hevodata.com/events-usage/factors-affecting-events-usage/query-modes/',
  /** The service: changing the query mode restarts ingestion; re-ingested events are not billed. */
  queryModes:
    'https://docs.hevodata.com/data-ingestion/ingestion-modes-and-query-modes/query-modes-for-ingesting-data/',
  /** The service: pipeline (ingestion) modes; deletes are not replicated in table and custom SQL mode. */
  ingestionModes: 'https://docs.hevodata.com/data-ingestion/ingestion-modes-and-query-modes/',
  /** The service: default ingestion frequency, 6 hours for table-mode and 30 minutes for log-based pipelines. */
  ingestionFrequency: 'https://mini-docs.hevodata.com/data-ingestion/ingestion-and-loading-frequency',
  /** The service: duplicate timestamp values beyond the ingestion batch size make a pipeline re-ingest them. */
  duplicateTimestamps: 'https://docs.hevodata.com/pipelines/pipeline-faqs/high-billable-count/',
  /** SQL Server: change tracking, a feature of the database engine. */
  sqlServerChangeTracking:
    'https://learn.microsoft.com/sql/relational-databases/track-changes/about-change-tracking-sql-server',
  /** SQL Server: enable change tracking on the database first, then on each table, which needs a primary key. */
  sqlServerEnableChangeTracking:
    'https://learn.microsoft.com/sql/relational-databases/track-changes/enable-and-disable-change-tracking-sql-server',
} as const;

/**
 * `@querymode/introspect`: reads table traits from the catalogs of live databases (PostgreSQL,
 * MySQL/MariaDB, SQL Server) into `@querymode/core`'s `TableTraits` model, one record per table,
 * in a constant number of catalog queries. Node only; each driver is imported only when its
 * database is asked for.
 *
 * @module
 */

export * as mysqlQueries from './catalogs/mysql/queries.js';
export * as postgresqlQueries from './catalogs/postgresql/queries.js';
export * as sqlServerQueries from './catalogs/sqlserver/queries.js';
export type { CatalogClient, Row } from './client.js';
export { MissingDriverError } from './connect/optional-import.js';
export { redact, Secret } from './connect/secret.js';
export { DEFAULT_TIMEOUTS, type Timeouts } from './connect/timeouts.js';
export type { TlsOptions } from './connect/tls-options.js';
export {
  type ConnectionTarget,
  DATABASES,
  type DatabaseDescription,
  ENVIRONMENT_NAMES,
  INSPECTABLE_KINDS,
  type InspectableKind,
  URL_PARAMETERS,
  URL_SCHEMES,
} from './databases/index.js';
export { parseDatabaseUrl, resolveTarget } from './databases/target.js';
export { SNAPSHOT_FOLDER } from './embedded/fresh-snapshot.js';
export {
  EMBEDDED_DISPLAY,
  EMBEDDED_KIND,
  type Embedded,
  openEmbedded,
  type SqlScript,
  type StatementFailure,
} from './embedded/open-embedded.js';
export { openSampleShop, SAMPLE_SHOP_DISPLAY } from './embedded/sample-shop.js';
export { type ScriptStatement, splitStatements } from './embedded/split-statements.js';
export {
  CATALOG_READERS,
  type InspectClientOptions,
  type InspectDatabaseOptions,
  type InspectReport,
  inspectClient,
  inspectDatabase,
  MAX_OBSERVE_MS,
} from './inspect.js';
export {
  KINDS,
  type KindDescription,
  type KindFlag,
  type KindReader,
  type SourceFlagValue,
  type SourceReader,
  type SourceReading,
  type SourceRequest,
} from './kinds/index.js';
export { INCLUDE_KINDS, type IncludeKind, type InspectOptions, tableSelector } from './read/options.js';
export {
  readMysqlBefore,
  readPlpgsqlBeforeRow,
  readTsqlAfterUpdate,
  type TriggerReading,
} from './read/trigger-code.js';
export type { InspectIssue, InspectIssueCode, InspectResult } from './result.js';
export {
  type SalesforceCatalog,
  type SalesforceCatalogInput,
  type SalesforceTraitsOptions,
  SOQL_NAME,
  salesforceTraits,
} from './salesforce/catalog.js';
export {
  type RestFetch,
  type RestTimer,
  SYSTEM_TIMER,
  type WaitPurpose,
} from './salesforce/rest/answer.js';
export {
  type ApiReserve,
  type DailyRequests,
  DEFAULT_API_RESERVE,
  parseApiReserve,
  showReserve,
} from './salesforce/rest/budget.js';
export { COMPOSITE_MAX_SUBREQUESTS } from './salesforce/rest/composite.js';
export { DEFAULT_CONCURRENCY } from './salesforce/rest/each-limited.js';
export {
  DEFAULT_API_VERSION,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SALESFORCE_MAX_RESPONSE_BYTES,
  parseApiVersion,
  readSalesforceOrg,
  type SalesforceOrgReading,
  type SalesforcePlan,
  type SalesforceProgress,
  type SalesforceReadOptions,
} from './salesforce/rest/read-org.js';
export { DEFAULT_SALESFORCE_RETRY, type RetryPolicy } from './salesforce/rest/session.js';
export {
  checkTokenHost,
  SALESFORCE_TOKEN_ENV,
  type SalesforceToken,
  tokenFromEnvironment,
  tokenFromSfOrgJson,
} from './salesforce/rest/token.js';
export { parseSalesforceUrl, type SalesforceOrg } from './salesforce/rest/url.js';
export { isRecordCounts } from './salesforce/shapes.js';
export { readSalesforceSource } from './salesforce/source.js';
export { SAMPLE_SHOP_SQL } from './sample-shop/schema.js';

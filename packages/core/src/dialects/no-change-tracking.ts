/**
 * The writers of a dialect whose database has no change-tracking feature the service reads: none
 * of them writes a statement.
 *
 * @module
 */
import type { AskOf, SqlDialect, Target } from './types.js';

/** No change-tracking statement. */
export const NO_CHANGE_TRACKING: Pick<
  SqlDialect,
  'enableTrackingOnDatabase' | 'enableTrackingOnTable' | 'setTrackingRetention'
> = {
  enableTrackingOnDatabase: () => null,
  enableTrackingOnTable: () => null,
  setTrackingRetention: () => null,
};

/**
 * `SqlDialect.writesQuery` of a dialect that writes a query for every fact but the change-tracking
 * ones (its `askTable` gives null for those alone, its `askColumn` always a query).
 */
export const writesAllButTracking = (_t: Target, ask: AskOf): boolean =>
  !('table' in ask) || (ask.table !== 'tracking_database' && ask.table !== 'tracking_table');

/**
 * The writers of a dialect whose database has no change-tracking feature the service reads: none
 * of them writes a statement.
 *
 * @module
 */
import type { SqlDialect } from './types.js';

/** No change-tracking statement. */
export const NO_CHANGE_TRACKING: Pick<
  SqlDialect,
  'enableTrackingOnDatabase' | 'enableTrackingOnTable' | 'setTrackingRetention'
> = {
  enableTrackingOnDatabase: () => null,
  enableTrackingOnTable: () => null,
  setTrackingRetention: () => null,
};

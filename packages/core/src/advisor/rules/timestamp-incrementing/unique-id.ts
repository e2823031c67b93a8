/**
 * `timestamp+incrementing.set_on_insert`, its ID half: the incrementing column is an incrementing
 * ID by the rules of `incrementing`, with unique values by a primary key or unique constraint on
 * that column alone. The service's own words for the column ("Incrementing ID column. Its value
 * must be updated on every inserted row") are looser; this is asked, not assumed.
 *
 * @module
 */
import { uniqueIdCheck } from '../shared/unique-id.js';

/** The incrementing column of `timestamp+incrementing` has unique values. */
export const timestampIncrementingUniqueId = uniqueIdCheck({
  id: 'timestamp+incrementing.unique_id',
  rule: 'timestamp+incrementing.set_on_insert',
  field: 'incrementing_column_name',
  source: {
    kind: 'inference',
    statement:
      'The service\'s documentation names the column an "Incrementing ID column" whose "value must be updated on every inserted row", looser words than an ID; rows that share one timestamp are told apart by it only when its values are unique, which only a primary key or unique constraint on that column alone guarantees.',
  },
});

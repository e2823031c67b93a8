/**
 * `timestamp+incrementing.incrementing_fit`: the incrementing column of `timestamp+incrementing`
 * grows with every insert (an auto-increment column). Advice.
 *
 * @module
 */
import { autoIncrementFitCheck } from '../shared/auto-increment-fit.js';

/**
 * The incrementing column of `timestamp+incrementing` is auto-increment. The service's documentation names it an
 * "Incrementing ID column"; that rows sharing one timestamp are told apart by it, so that a
 * value lower than the last one read can be missed, is inference (how such readers order a
 * timestamp's ties). A UUID is unique but not incrementing: the service's documentation calls UUIDs suitable for
 * `unique_incrementing`, which then ranks ahead on an append-only table.
 */
export const timestampIncrementingIncrementingFit = autoIncrementFitCheck({
  id: 'timestamp+incrementing.incrementing_fit',
  rule: 'timestamp+incrementing.set_on_insert',
  quote: 'Incrementing ID column.',
  fitFor: 'an incrementing ID column is what the mode names in',
  risk: 'of rows that share one timestamp, those with a lower value than the last one read can be missed (inference)',
});

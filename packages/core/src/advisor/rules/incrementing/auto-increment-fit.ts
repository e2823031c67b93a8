/**
 * `incrementing.auto_increment_fit`: an auto-incrementing column is a typical fit. Advice.
 *
 * @module
 */
import { autoIncrementFitCheck } from '../shared/auto-increment-fit.js';

/** The incrementing column of `incrementing` is auto-increment. */
export const incrementingAutoIncrementFit = autoIncrementFitCheck({
  id: 'incrementing.auto_increment_fit',
  rule: 'incrementing.auto_increment_fit',
  quote: 'An auto-incrementing column is a typical fit.',
  fitFor: 'an auto-incrementing column is a typical fit for',
  risk: 'values that do not grow with each insert can be missed',
});

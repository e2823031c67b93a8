/**
 * A finding of `verify`: a finding of the planned mode, with the fact it rests on before and
 * after. Its own file so that the steps of `verifyTable` (such as the likely rename) share it
 * without importing `verify-table.ts` back.
 *
 * @module
 */
import type { Finding } from '../evaluate/findings.js';
import type { FactChange } from './fact-change.js';

/** A finding of the planned mode, with its fact before and after. */
export interface VerifyFinding extends Finding {
  /** The fact, as the plan recorded it and as it is now; absent when the finding names none. */
  readonly change?: FactChange;
}

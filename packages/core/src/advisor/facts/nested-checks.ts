/**
 * The quick check of the nested objects of traits (`changes`, `change_tracking`) as the facts
 * reader makes it: each key the reader reads is checked by its field's kind in place, in a switch
 * on the key, and any other key by `quickField`; the answer is the one `quickObject(v, CHANGES)`
 * (or `CHANGE_TRACKING`) gives. Part of the group measured beside `readColumns`' `nameBit`
 * (table-facts.ts); this part alone, against `quickObject`: `readFactsIfValid` on parsed tables
 * -0.1 µs per table (advisor bench tables, CPU time, side by side), ~550 fewer instructions of
 * ~15,400 (counted under valgrind).
 *
 * @module
 */

import { isRecord } from '../../issues/is-record.js';
import type { CHANGE_TRACKING_TRAIT_FIELDS, CHANGE_TRAIT_FIELDS } from '../traits/model.js';
import {
  CHANGE_TRACKING,
  CHANGES,
  type FieldIndex,
  kindCheck,
  type OptionalFieldOf,
  quickField,
} from '../traits/quick-check.js';

type ChangeField<K extends 'change_answer' | 'rate'> = OptionalFieldOf<typeof CHANGE_TRAIT_FIELDS, K>;
type TrackingField<K extends 'boolean' | 'positive'> = OptionalFieldOf<
  typeof CHANGE_TRACKING_TRAIT_FIELDS,
  K
>;

const isAnswer = kindCheck('change_answer');
const isRate = kindCheck('rate');
const isBoolean = kindCheck('boolean');
const isPositive = kindCheck('positive');

/** For a key the reader does not check in place: 1 (a required field) or 0 when it holds a valid value, else undefined. */
function otherField(index: FieldIndex, key: string, v: unknown): 0 | 1 | undefined {
  const field = quickField(index, key, v);
  return field === undefined ? undefined : field.required ? 1 : 0;
}

/** Whether a `changes` value is valid, as `quickObject(v, CHANGES)` decides. */
export function changesValid(v: unknown): boolean {
  if (!isRecord(v)) return false;
  let required = 0;
  for (const key in v) {
    const x = v[key];
    switch (key) {
      case 'inserts' satisfies ChangeField<'change_answer'>:
      case 'updates' satisfies ChangeField<'change_answer'>:
      case 'deletes' satisfies ChangeField<'change_answer'>:
        if (!isAnswer(x)) return false;
        break;
      case 'inserts_per_day' satisfies ChangeField<'rate'>:
      case 'updates_per_day' satisfies ChangeField<'rate'>:
      case 'deletes_per_day' satisfies ChangeField<'rate'>:
        if (!isRate(x)) return false;
        break;
      default: {
        const counted = otherField(CHANGES, key, x);
        if (counted === undefined) return false;
        required += counted;
      }
    }
  }
  return required === CHANGES.required.length;
}

/** Whether a `change_tracking` value is valid, as `quickObject(v, CHANGE_TRACKING)` decides. */
export function changeTrackingValid(v: unknown): boolean {
  if (!isRecord(v)) return false;
  let required = 0;
  for (const key in v) {
    const x = v[key];
    switch (key) {
      case 'database_enabled' satisfies TrackingField<'boolean'>:
      case 'table_enabled' satisfies TrackingField<'boolean'>:
      case 'auto_cleanup' satisfies TrackingField<'boolean'>:
        if (!isBoolean(x)) return false;
        break;
      case 'retention_minutes' satisfies TrackingField<'positive'>:
        if (!isPositive(x)) return false;
        break;
      default: {
        const counted = otherField(CHANGE_TRACKING, key, x);
        if (counted === undefined) return false;
        required += counted;
      }
    }
  }
  return required === CHANGE_TRACKING.required.length;
}

/**
 * Salesforce's field types by family (the field types of an object's describe:
 * https://developer.salesforce.com/docs/platform/object-reference/guide/access-for-fields.html).
 * `id` is the record's identifier, a string whose order is not documented; `reference` holds
 * another record's Id. `currency` and `percent` are doubles in the API.
 *
 * @module
 */
import type { TypeFamilyTable } from './families.js';

export const SALESFORCE_TYPES: TypeFamilyTable = {
  temporal: ['datetime'],
  date: ['date'],
  time_of_day: ['time'],
  integer: ['int', 'long'],
  // A Number field is a `double` whose describe gives its `scale` ("for fields of type double,
  // number of digits to the right of the decimal point": describesobjects_describesobjectresult.htm):
  // whole numbers only with scale 0, which the type name alone does not say.
  decimal: ['double'],
  float: ['percent'],
  money: ['currency'],
  boolean: ['boolean'],
  text: [
    'string',
    'reference',
    'picklist',
    'multipicklist',
    'combobox',
    'textarea',
    'email',
    'phone',
    'url',
    'encryptedstring',
  ],
  record_id: ['id'],
  binary: ['base64'],
  geometric: ['location'],
  other: ['address', 'anytype', 'complexvalue', 'datacategorygroupreference'],
};

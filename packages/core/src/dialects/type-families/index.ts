/**
 * Column types as data: the families (`families.ts`), each dialect's type names by family (held
 * by its dialect object as `types`), and the lookup of a type name's family.
 *
 * @module
 */
export {
  INTEGER_FAMILIES,
  MAYBE_INTEGER_FAMILIES,
  TIME_FAMILIES,
  type TypeFamily,
  type TypeFamilyTable,
  UNDOCUMENTED_ORDER_FAMILIES,
} from './families.js';
export { TYPE_FAMILY_TABLES } from './lookup.js';

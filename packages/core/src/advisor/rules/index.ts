/**
 * The index of the checks: `RULE_CHECKS` by catalogue rule id, `GENERAL_CHECKS` for the rules
 * that hold for every mode (by each field's catalogue data), and the rules that have no check,
 * with the reason. Adding a check: its file, one line here, and its test.
 *
 * @module
 */
import { changeTrackingEnabledOnDatabase } from './change-tracking/enabled-on-database.js';
import { changeTrackingEnabledOnTable } from './change-tracking/enabled-on-table.js';
import { hasChangeTrackingFeature } from './change-tracking/has-feature.js';
import { changeTrackingPrimaryKey } from './change-tracking/primary-key.js';
import { changeTrackingRetention } from './change-tracking/retention.js';
import { changeTrackingUniqueColumn } from './change-tracking/unique-column.js';
import { inOneShape, type RuleCheck } from './check.js';
import { fullLoadReloadWait } from './full-load/reload-wait.js';
import { fullLoadRowLimit } from './full-load/row-limit.js';
import { fullLoadRowLimitGrowth } from './full-load/row-limit-growth.js';
import { calculatedFields } from './general/calculated-fields.js';
import { columnAvailable } from './general/column-available.js';
import { columnExists } from './general/column-exists.js';
import { columnFilterable } from './general/column-filterable.js';
import { objectReplicable } from './general/object-replicable.js';
import { supportedModes } from './general/supported-modes.js';
import { tableReadable } from './general/table-readable.js';
import { timestampColumnType } from './general/timestamp-type.js';
import { incrementingAutoIncrementFit } from './incrementing/auto-increment-fit.js';
import { incrementingColumnNotNull } from './incrementing/column-not-null.js';
import { incrementingIntegerId } from './incrementing/integer-id.js';
import { incrementingNewValuePerInsert } from './incrementing/new-value-per-insert.js';
import { timestampAutoUpdate } from './timestamp/auto-update.js';
import { timestampColumnNotNull } from './timestamp/column-not-null.js';
import { timestampDelayWindow } from './timestamp/delay-window.js';
import { timestampDuplicateTimestamps } from './timestamp/duplicate-timestamps.js';
import { timestampIncrementingIncrementingFit } from './timestamp-incrementing/incrementing-fit.js';
import { timestampIncrementingIntegerId } from './timestamp-incrementing/integer-id.js';
import { timestampIncrementingSetOnInsert } from './timestamp-incrementing/set-on-insert.js';
import { timestampIncrementingTimestampOnUpdate } from './timestamp-incrementing/timestamp-on-update.js';
import { timestampIncrementingUniqueId } from './timestamp-incrementing/unique-id.js';
import { uniqueIncrementingColumnNotNull } from './unique-incrementing/column-not-null.js';
import { uniqueIncrementingUniqueValues } from './unique-incrementing/unique-values.js';

/** Each list of checks with its checks in one shape (`inOneShape`). */
const inOneShapeEach = (index: {
  readonly [rule: string]: readonly RuleCheck[];
}): { readonly [rule: string]: readonly RuleCheck[] } =>
  Object.fromEntries(Object.entries(index).map(([rule, checks]) => [rule, checks.map(inOneShape)]));

/** The checks of each mode rule, keyed by catalogue rule id (`RULES`). */
export const RULE_CHECKS: { readonly [rule: string]: readonly RuleCheck[] } = inOneShapeEach({
  'full_load.row_limit': [fullLoadRowLimit, fullLoadRowLimitGrowth],
  'full_load.reload_wait': [fullLoadReloadWait],
  'timestamp.column_not_null': [timestampColumnNotNull],
  'timestamp.auto_update': [timestampAutoUpdate],
  'timestamp.delayed_replication': [timestampDelayWindow],
  'timestamp.latest_seen': [timestampDuplicateTimestamps],
  'incrementing.column_unique_not_null': [
    incrementingColumnNotNull,
    incrementingIntegerId,
    incrementingNewValuePerInsert,
  ],
  'incrementing.auto_increment_fit': [incrementingAutoIncrementFit],
  'timestamp+incrementing.set_on_insert': [
    timestampIncrementingSetOnInsert,
    timestampIncrementingIntegerId,
    timestampIncrementingUniqueId,
    timestampIncrementingIncrementingFit,
  ],
  'timestamp+incrementing.change_data_capture': [timestampIncrementingTimestampOnUpdate],
  'unique_incrementing.column_not_null': [uniqueIncrementingColumnNotNull],
  'unique_incrementing.column_unique': [uniqueIncrementingUniqueValues],
  'change_tracking.enabled_before': [hasChangeTrackingFeature, changeTrackingEnabledOnTable],
  'change_tracking.database_enabled': [changeTrackingEnabledOnDatabase],
  'change_tracking.retention': [changeTrackingRetention],
  'change_tracking.unique_for_historical': [changeTrackingUniqueColumn],
  'change_tracking.primary_key': [changeTrackingPrimaryKey],
});

/** The checks that apply to every mode, keyed by general rule id (`GENERAL_RULES`, or `option.*`). */
export const GENERAL_CHECKS: { readonly [rule: string]: readonly RuleCheck[] } = inOneShapeEach({
  'column.exists': [columnExists],
  'column.available': [columnAvailable],
  'column.timestamp_type': [timestampColumnType],
  'option.supported_modes': [supportedModes],
  'table.readable': [tableReadable],
  'table.replicable': [objectReplicable],
  'column.filterable': [columnFilterable],
  'capture.calculated_fields': [calculatedFields],
});

/** Rules with no check of their own, and why. */
export const UNCHECKED_RULES: { readonly [rule: string]: string } = {
  'full_load.events_quota': 'Quantified by the events model (estimateEvents), not a pass/fail check.',
  'incrementing.updates_not_seen':
    "The service's table of what each mode captures says `updates: no`; capture safety (candidates' `captures`) applies it.",
  'timestamp+incrementing.timestamp_nullable': 'Allows NULLs in the timestamp column; it forbids nothing.',
  'unique_incrementing.append_only':
    "The service's table of what each mode captures says `updates: no`; capture safety (candidates' `captures`) applies it.",
  'unique_incrementing.uuid_suitable': 'Allows UUID values; it forbids nothing.',
  'body.valid': 'Checked by validateQueryModeBody: an invalid body is an error result, never a finding.',
  'capture.change_kinds':
    "Capture safety: the service's table of what each mode captures and the documented facts, per change kind (candidates' `captures`).",
};

/** Every check, once, in index order. */
export const CHECKS: readonly RuleCheck[] = [
  ...new Set([...Object.values(RULE_CHECKS).flat(), ...Object.values(GENERAL_CHECKS).flat()]),
];

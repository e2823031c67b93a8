/**
 * The change-tracking retention the advisor suggests in a remedy: its own margin, not a rule of
 * the service.
 *
 * @module
 */
import type { TableFacts } from '../facts/table-facts.js';

/** The retention the advisor suggests: twice the frequency, and never below SQL Server's default of 2 days. */
export const RETENTION_SUGGESTION = { factor: 2, minimumMinutes: 2 * 24 * 60 } as const;

/** A retention to suggest, from {@link RETENTION_SUGGESTION} and the known frequency. */
export function suggestedRetentionMinutes(facts: TableFacts): number {
  const f = facts.frequencyMinutes ?? 0;
  return Math.max(RETENTION_SUGGESTION.minimumMinutes, Math.ceil(f * RETENTION_SUGGESTION.factor));
}

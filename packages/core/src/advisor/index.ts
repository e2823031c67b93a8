/**
 * The advisor: table traits, checks of a body against a table, mode recommendation, events
 * estimates and mode-change plans. Pure functions over the catalogue; rules as data (`checks.ts`).
 *
 * @module
 */
export * from './check.js';
export type { Check, ColumnCheck, ColumnTest, TableCheck, TableTest } from './checks.js';
export { CHECK_RULES, GENERAL_CHECKS, RULE_CHECKS, UNCHECKED_RULES } from './checks.js';
export { dateTimeType, type TypeVerdict } from './column-types.js';
export { type EventsEstimate, estimateEvents, type Horizon, UNDESCRIBED_KINDS } from './estimate.js';
export { ADVISOR_EXAMPLES, type AdvisorExample } from './examples.js';
export type { Tri } from './facts.js';
export type { FieldValues } from './fill.js';
export * from './finding.js';
export { RETENTION_SUGGESTION } from './finding-text.js';
export * from './plan.js';
export { RANKING_POLICY, type Rankable, type RankingCriterion } from './rank.js';
export {
  type Candidate,
  type CaptureFacts,
  type Captures,
  chooseMode,
  type ModeChoice,
  type Recommendation,
  type RecommendationSummary,
  type RecommendOptions,
  recommend,
  recommendSummary,
} from './recommend.js';
export * from './recommend-md.js';
export { type RuleRemedy, ruleRemedies } from './rule-remedies.js';
export * from './traits.js';
export * from './validate-traits.js';

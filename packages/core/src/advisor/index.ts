/**
 * The advisor: table traits, checks of a body against a table, mode recommendation, events
 * estimates and mode-change plans. Pure functions over the catalogue; one file per check
 * (`rules/`), indexed by catalogue rule id (`RULE_CHECKS`).
 *
 * Floors, each importing only those below it: `text`, `traits`; `facts`, `options`; `sql`;
 * `rules`; `estimate`; `evaluate`; `ranking`; then `recommend`, `check`, `plan` and `describe`;
 * then `verify` (a plan against a table now: `check` and `recommend`).
 *
 * @module
 */

export { splitInspectedName } from '../dialects/qualified-name.js';
export type { LinkedSentence, SourceNouns, SourceWords } from '../dialects/words.js';
export { countOf, formatCount, pluralOf } from '../text/count.js';
export { shownName, shownString, visibleName, visibleText } from '../text/visible.js';
export { type Answered, type AnswerLayer, applyAnswers } from './answers/apply.js';
export {
  ANSWER_FIELDS,
  ANSWERS_KEYS,
  type AnswersDocument,
  type AnswersEntry,
  readAnswers,
  UNANSWERED,
} from './answers/document.js';
export {
  type AnsweredTable,
  type Answerer,
  type AnswerLayers,
  answerer,
  type TableLayer,
} from './answers/layers.js';
export { isGlob } from './answers/match.js';
export { CATALOG, type FactPath, factPaths, factsFrom, OBSERVED } from './answers/origin.js';
export { type CheckAgainstTableOptions, checkAgainstTable } from './check/check-against-table.js';
export { type RuleRemedy, ruleRemedies } from './describe/rule-remedies.js';
export { DEFAULT_FREQUENCY_MINUTES, DEFAULT_HORIZON_HOURS } from './estimate/defaults.js';
export type { EventsEstimate } from './estimate/describe.js';
export { estimateEvents } from './estimate/estimate-events.js';
export { type EventsOptions, MAX_TIMELINE_RUNS } from './estimate/options.js';
export type { ChangeRun } from './estimate/timeline.js';
export { CANDIDATE_STATUSES, type CandidateStatus } from './evaluate/candidate.js';
export type { CaptureVerdict, KindCapture } from './evaluate/capture.js';
export type { FieldValues } from './evaluate/fill.js';
export type { Finding } from './evaluate/findings.js';
export { DOCUMENTED } from './facts/documented.js';
export { type FilledTraits, fillUnknownFacts } from './facts/fill-unknown.js';
export { type DialectName, SOURCE_PROFILES, type SourceProfile } from './facts/sources.js';
export { changeKindOf } from './facts/table-facts.js';
export { type ModeChangePlan, type PlanOptions, planModeChange } from './plan/plan-mode-change.js';
export {
  type AnswersFileOptions,
  questionsFileParts,
  yamlString,
} from './questions/answers-file.js';
export {
  type GroupTable,
  type QuestionGroup,
  QuestionTally,
  type TallyPart,
} from './questions/plan-questions.js';
export { type ChoiceWithReach, chooseModeWithReach, type ReachWords } from './questions/reach-only.js';
export {
  type AwaitedQuestions,
  answerWaits,
  type TableQuestion,
  type TableQuestions,
  tableQuestions,
} from './questions/table-questions.js';
export { RANKING_POLICY, type RankingCriterion } from './ranking/policy.js';
export {
  DEFAULT_UNKNOWN_EVENTS_POLICY,
  UNKNOWN_EVENTS_POLICIES,
  type UnknownEventsPolicy,
} from './ranking/rank.js';
export { RECOMMENDATION_STATUSES, type RecommendationStatus } from './recommend/advise.js';
export type { Candidate, Unlock } from './recommend/candidates.js';
export type { AdvisorOptions, PreparedOptions, RecommendOptions } from './recommend/options.js';
export {
  chooseMode,
  type ModeChoice,
  type Recommendation,
  type RecommendationSummary,
  recommend,
  recommendSummary,
} from './recommend/recommend.js';
export type { WithinReach, WithinReachAdvice } from './recommend/within-reach.js';
export {
  type Check,
  type ColumnCheck,
  DEFAULT_ROWS_ESTIMATE_MARGIN,
  type FieldCheck,
  type Remedy,
  type RuleSource,
  type Severity,
  type Strength,
  type TableCheck,
} from './rules/check.js';
export { CHECKS, GENERAL_CHECKS, RULE_CHECKS, UNCHECKED_RULES } from './rules/index.js';
export type { FactQuestion, TraitPath } from './sql/questions.js';
export { RETENTION_SUGGESTION } from './sql/retention.js';
export { wordsOfSource } from './text/source-words.js';
export * from './traits/model.js';
export { TRI, type Tri } from './traits/tri.js';
export { validateTableTraits } from './traits/validate.js';
export type { FactChange, FactValue } from './verify/fact-change.js';
export type { VerifyFinding } from './verify/verify-finding.js';
export { VERIFY_RULES, type VerifyRule, verifyRuleId } from './verify/verify-rules.js';
export {
  type PlannedTable,
  type TableVerification,
  VERDICTS,
  type VerifyOptions,
  type VerifyRecommendation,
  type VerifyTable,
  type VerifyVerdict,
  verifier,
} from './verify/verify-table.js';

/**
 * The rules a verification can report, each under a stable id of its verdict and rule
 * (`broken/timestamp.auto_update`, `unverified/column.exists`, `new`, `gone`, `better`): for tools that
 * track findings one by one (SARIF's rules, code scanning's dismissals). Derived from the
 * checks' index and the catalogue's rules, never listed by hand: a new check gives new ids.
 *
 * @module
 */
import { GENERAL_RULES, RULES } from '../../catalogue/modes.js';
import { CHECKS } from '../rules/index.js';
import type { VerifyVerdict } from './verify-table.js';

/** One rule a verification can report. */
export interface VerifyRule {
  /** Stable: `<verdict>/<rule>` for a finding's rule, the verdict alone for `new`, `gone` and `better`. */
  readonly id: string;
  readonly verdict: Exclude<VerifyVerdict, 'holds'>;
  /** The catalogue rule id (`timestamp.auto_update`), or null for `new`, `gone` and `better`. */
  readonly rule: string | null;
  /** What the rule asks, in one sentence. */
  readonly text: string;
}

/** The rule of a capture: a mode that misses a change kind the table has is broken too. */
const CAPTURE_RULE = 'capture.change_kinds';

const TEXTS: ReadonlyMap<string, string> = new Map([
  ...[...RULES.values()].map((r) => [r.id, r.text] as const),
  ...GENERAL_RULES.map((r) => [r.id, r.text] as const),
]);

/** What a rule asks: the catalogue's sentence, or the first sentence a check of it holds. */
function ruleText(rule: string): string {
  return TEXTS.get(rule) ?? CHECKS.find((c) => c.rule === rule)?.holds ?? rule;
}

/** The id of a finding's rule under a verdict. */
export const verifyRuleId = (verdict: VerifyVerdict, rule: string | null): string =>
  // Only strings are read, so that a value of another type (a symbol, a proxy) gives an id rather
  // than a throw.
  typeof rule === 'string' ? `${textOf(verdict)}/${rule}` : textOf(verdict);

const textOf = (verdict: unknown): string => (typeof verdict === 'string' ? verdict : 'unknown');

/**
 * Every rule a verification reports, in a stable order: `broken` for each hard rule (and the
 * capture of change kinds), `unverified` for each rule a check serves (and the capture), then
 * `new`, `gone` and `better` (information: the plan holds, and a mode that bills fewer events
 * now qualifies).
 */
export const VERIFY_RULES: readonly VerifyRule[] = (() => {
  const hard = [...new Set(CHECKS.filter((c) => c.strength === 'hard').map((c) => c.rule)), CAPTURE_RULE];
  const any = [...new Set(CHECKS.map((c) => c.rule)), CAPTURE_RULE];
  const of = (verdict: 'broken' | 'unverified', rule: string): VerifyRule => ({
    id: verifyRuleId(verdict, rule),
    verdict,
    rule,
    text: ruleText(rule),
  });
  return [
    ...hard.map((r) => of('broken', r)),
    ...any.map((r) => of('unverified', r)),
    {
      id: 'new',
      verdict: 'new',
      rule: null,
      text: 'Every table of the database is in the plan, with a mode.',
    },
    { id: 'gone', verdict: 'gone', rule: null, text: 'Every table of the plan is still in the database.' },
    {
      id: 'better',
      verdict: 'better',
      rule: null,
      text: 'No mode that bills fewer events than the planned one qualifies for the table.',
    },
  ];
})();

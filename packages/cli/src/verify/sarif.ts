/**
 * `querymode verify --format sarif`: a SARIF 2.1.0 log for code scanning. Its rules are core's
 * `VERIFY_RULES` (one stable id per rule and verdict: `broken/timestamp.auto_update`,
 * `unverified/column.exists`, `new`, `gone`, `better`), so that each finding can be dismissed on
 * its own. One result per finding of a broken or unverified table, one per new, gone or better
 * table (a table that holds gives none); its level is the verdict's (`error` for broken,
 * `warning` for unverified, new and gone, `error` for them too with `--strict`, and `note` for
 * better, which is information and fails no run). Where is the table:
 * a logical location (its qualified name, exactly) and, when the plan is a file, the plan's line.
 * The document is written with JSON.stringify, so names are escaped as JSON escapes them; the
 * messages show names as text (core's `visibleName`). No URL or other secret is written.
 *
 * @module
 */
import { type TableVerification, VERIFY_RULES, verifyRuleId, visibleName } from '@querymode/core';
import { findingWords, tableDetail } from './render.js';

/** The SARIF level of a verdict that gives results. */
type Level = 'error' | 'warning' | 'note';

interface SarifRule {
  readonly id: string;
  readonly shortDescription: { readonly text: string };
  readonly defaultConfiguration: { readonly level: Level };
  readonly properties: { readonly verdict: string; readonly rule: string | null };
}

/** What `sarifLog` needs besides the verifications. */
export interface SarifOptions {
  /** The CLI's version, for the tool's driver. */
  readonly version: string;
  /** Whether `--strict` is given: unverified, new and gone are errors too. */
  readonly strict: boolean;
  /** The plan file as given (relative paths stay relative), or undefined for stdin. */
  readonly planFile: string | undefined;
}

const REPORTED = new Set(['broken', 'unverified', 'new', 'gone', 'better']);

const levelOf = (verdict: string, strict: boolean): Level =>
  verdict === 'better' ? 'note' : verdict === 'broken' || strict ? 'error' : 'warning';

/** A path as a SARIF artifact URI: forward slashes, each segment percent-encoded. */
const artifactUri = (path: string): string =>
  path
    .replaceAll('\\', '/')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');

const ruleOf = (id: string, verdict: string, rule: string | null, text: string): SarifRule => ({
  id,
  shortDescription: { text },
  defaultConfiguration: { level: levelOf(verdict, false) },
  properties: { verdict, rule },
});

/** The SARIF 2.1.0 log of a run: every rule, and a result per finding of each table that does not hold. */
export function sarifLog(verifications: readonly TableVerification[], options: SarifOptions): object {
  const rules: SarifRule[] = VERIFY_RULES.map((r) => ruleOf(r.id, r.verdict, r.rule, r.text));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  /** The index of a rule id, adding a rule the catalogue does not know (a finding of a newer check). */
  const ruleIndex = (verdict: string, rule: string | null): number => {
    const id = verifyRuleId(verdict as TableVerification['verdict'], rule);
    const known = index.get(id);
    if (known !== undefined) return known;
    rules.push(ruleOf(id, verdict, rule, rule ?? verdict));
    index.set(id, rules.length - 1);
    return rules.length - 1;
  };
  const results: object[] = [];
  for (const v of verifications) {
    if (!REPORTED.has(v.verdict)) continue;
    const logical = {
      fullyQualifiedName: v.table,
      name: v.table.slice(v.table.indexOf('.') + 1),
      kind: 'table',
    };
    const physical =
      options.planFile === undefined || v.line === null
        ? []
        : [
            {
              physicalLocation: {
                artifactLocation: { uri: artifactUri(options.planFile) },
                region: { startLine: v.line },
              },
            },
          ];
    const one = (rule: string | null, words: string) => {
      const i = ruleIndex(v.verdict, rule);
      results.push({
        ruleId: rules[i]?.id,
        ruleIndex: i,
        level: levelOf(v.verdict, options.strict),
        message: { text: `${v.verdict}: ${visibleName(v.table)}: ${words}` },
        locations: [{ logicalLocations: [logical], ...(physical[0] ?? {}) }],
        properties: { table: v.table, verdict: v.verdict, planLine: v.line },
      });
    };
    if (v.findings.length === 0) one(null, tableDetail(v));
    else for (const f of v.findings) one(f.rule, findingWords(v, f));
  }
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'querymode', version: options.version, rules } },
        results,
      },
    ],
  };
}

/**
 * The formats of `querymode verify` carry the same verdicts: GitHub annotations (at most ten, the
 * worst first, the rest summarised), the Markdown summary and the NDJSON records name the same
 * tables with the same verdicts; hostile names cannot act on a terminal, break an annotation or
 * a Markdown cell.
 */
import {
  CHECKS,
  type PlannedTable,
  type TableTraits,
  type TableVerification,
  verifier,
  visibleText,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { githubAnnotations, MAX_ANNOTATIONS, markdownSummary } from '../src/verify/formats.js';
import { junitXml } from '../src/verify/junit.js';
import { verifyRecord } from '../src/verify/record.js';
import { noVerdicts, tableLines } from '../src/verify/render.js';
import { sarifLog } from '../src/verify/sarif.js';

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { logicalLocations: { fullyQualifiedName: string }[]; physicalLocation?: unknown }[];
  properties: { table: string; verdict: string };
}

/** The required fields of SARIF 2.1.0 that code scanning reads, checked on a parsed log. */
function expectSarifShape(log: Record<string, unknown>): SarifResult[] {
  expect(log.version).toBe('2.1.0');
  expect(log.$schema).toMatch(/sarif-2\.1\.0/);
  const runs = log.runs as {
    tool: { driver: { name: string; rules: { id: string }[] } };
    results: SarifResult[];
  }[];
  expect(runs).toHaveLength(1);
  const run = runs[0];
  if (run === undefined) throw new Error('one run');
  expect(run.tool.driver.name).toBe('querymode');
  const ids = run.tool.driver.rules.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const r of run.tool.driver.rules)
    expect(r).toMatchObject({ id: expect.any(String), shortDescription: { text: expect.any(String) } });
  for (const r of run.results) {
    expect(ids[r.ruleIndex]).toBe(r.ruleId);
    expect(typeof r.message.text).toBe('string');
    expect(['error', 'warning', 'note']).toContain(r.level);
    expect(r.locations[0]?.logicalLocations[0]?.fullyQualifiedName).toBe(r.properties.table);
  }
  return run.results;
}

const HOSTILE = ['a|b`c<d>&', 'x\u001b[31mred', 'nl\nx%0A', 'bidi\u202eevil', 'q"\'\\$$;--'];
const verify = (() => {
  const v = verifier({});
  if (!v.ok) throw new Error('valid options');
  return v.value;
})();

/** A table planned `full_load` that holds, where a mode that bills fewer events now qualifies. */
function better(table: string, line: number): TableVerification {
  const traits: TableTraits = {
    table,
    source: 'postgresql',
    pipeline_mode: 'table',
    rows: 4_000_000,
    columns: [{ name: 'id', type: 'bigint', unique: true, nullable: false, auto_increment: true }],
    changes: { inserts: 'yes', updates: 'no', deletes: 'no', inserts_per_day: 10 },
  };
  const r = verify({ table, line, body: { config: { mode: 'full_load' } }, traits }, traits);
  if (!r.ok || r.value.verdict !== 'better') throw new Error('a better table');
  return r.value;
}

function verifications(n: number): TableVerification[] {
  const out: TableVerification[] = [];
  for (let i = 0; i < n; i++) {
    const table = `s.${HOSTILE[i % HOSTILE.length]}${i}`;
    const traits: TableTraits = { table, source: 'postgresql', rows: 6_000_000 };
    const planned: PlannedTable = { table, line: i + 1, body: { config: { mode: 'full_load' } } };
    const kind = i % 3;
    const r =
      kind === 0
        ? verify(planned, traits)
        : kind === 1
          ? verify(undefined, traits)
          : verify(planned, undefined);
    if (!r.ok) throw new Error(r.issues[0]?.message);
    out.push(r.value);
  }
  return out;
}

describe('verify formats', () => {
  const list = verifications(14);
  const counts = noVerdicts();
  for (const v of list) counts[v.verdict] += 1;

  it('carry the same tables and verdicts', () => {
    const records = list.map(verifyRecord).map((r) => [r.table, r.verdict]);
    const annotations = githubAnnotations(list.slice(0, 9), counts, false).slice(0, 9);
    expect(annotations.map((a) => /^::(\w+) title=querymode verify%3A (\w+)%3A/.exec(a)?.[2])).toEqual(
      records.slice(0, 9).map((r) => r[1]),
    );
    const rows = markdownSummary(list, counts, false)
      .split('\n')
      .filter((l) => /^\| (broken|unverified|new|gone|better) \|/.test(l));
    expect(rows.map((r) => r.split(' | ')[0]?.slice(2))).toEqual(records.map((r) => r[1]));
    expect(list.map((v) => tableLines(v)[0]?.split(' ')[0])).toEqual(records.map((r) => r[1]));
  });

  it('write at most ten annotations, the rest summarised', () => {
    const lines = githubAnnotations(list, counts, true).filter((l) => l.startsWith('::'));
    expect(lines).toHaveLength(MAX_ANNOTATIONS);
    expect(lines.at(-1)).toMatch(/^::\w+::5 more tables do not hold/);
  });

  it('keep hostile names from acting on the terminal or breaking an annotation or a cell', () => {
    const text = [
      ...githubAnnotations(list, counts, false),
      markdownSummary(list, counts, false),
      ...list.flatMap(tableLines),
    ].join('\n');
    expect(text.includes('\u001b') || text.includes('\u202e')).toBe(false);
    for (const line of githubAnnotations(list, counts, false)) expect(line).not.toMatch(/[\r\n]/);
    for (const row of markdownSummary(list, counts, false)
      .split('\n')
      .filter((l) => l.startsWith('| '))) {
      expect(row.split('|')).toHaveLength(5);
      expect(row).not.toMatch(/[`<>]/);
    }
    for (const line of list.flatMap(tableLines)) expect(line).not.toContain('\n');
  });

  it("write SARIF 2.1.0: the rules of core's catalogue, a result per finding, names as JSON escapes them", () => {
    const all = [...list, better(`s.${HOSTILE[4]}better`, 99)];
    const text = JSON.stringify(
      sarifLog(all, { version: '1.2.3', strict: false, planFile: 'ci/plan.ndjson' }),
    );
    expect(text).not.toContain('\u001b');
    const results = expectSarifShape(JSON.parse(text));
    const reported = all.filter((v) => v.verdict !== 'holds');
    expect([...new Set(results.map((r) => r.properties.table))]).toEqual(reported.map((v) => v.table));
    const levels: Record<string, string> = { broken: 'error', better: 'note' };
    for (const r of results) {
      expect(r.ruleId.split('/')[0]).toBe(r.properties.verdict);
      expect(r.level).toBe(levels[r.properties.verdict] ?? 'warning');
      for (const c of ['\u001b', '\u202e', '\n']) expect(r.message.text).not.toContain(c);
    }
    expect(results.find((r) => r.properties.verdict === 'broken')?.ruleId).toBe('broken/full_load.row_limit');
    // `better` is information: a note under its own rule, with the mode that now qualifies.
    const note = results.find((r) => r.properties.verdict === 'better');
    expect(note?.ruleId).toBe('better');
    expect(note?.message.text).toMatch(/full_load holds; \S+ now qualifies and bills fewer events/);
    const strict = expectSarifShape(
      sarifLog(all, { version: '1.2.3', strict: true, planFile: undefined }) as Record<string, unknown>,
    );
    // --strict fails on unverified, new and gone, never on better: it stays a note.
    expect(new Set(strict.map((r) => (r.properties.verdict === 'better' ? 'better' : r.level)))).toEqual(
      new Set(['error', 'better']),
    );
    expect(strict.find((r) => r.properties.verdict === 'better')?.level).toBe('note');
    expect(strict.every((r) => r.locations[0]?.physicalLocation === undefined)).toBe(true);
  });

  it("name one SARIF rule per hard rule and verdict, from the checks' index", () => {
    const log = sarifLog([], { version: '0', strict: false, planFile: undefined }) as {
      runs: { tool: { driver: { rules: { id: string }[] } } }[];
    };
    const ids = new Set(log.runs[0]?.tool.driver.rules.map((r) => r.id));
    for (const c of CHECKS) {
      expect(ids.has(`unverified/${c.rule}`)).toBe(true);
      if (c.strength === 'hard') expect(ids.has(`broken/${c.rule}`)).toBe(true);
    }
    for (const id of ['new', 'gone', 'better', 'broken/capture.change_kinds']) expect(ids.has(id)).toBe(true);
  });

  /** The testcases of JUnit XML: each one's name (attribute decoded) and verdict property, and its outcome. */
  const testcases = (xml: string) =>
    [
      ...xml.matchAll(
        /<testcase classname="[^"]*" name="([^"]*)">\n\s*<properties><property name="verdict" value="(\w+)"\/>.*?<\/testcase>/gs,
      ),
    ].map((m) => ({
      name: (m[1] ?? '')
        .replaceAll('&#10;', '\n')
        .replaceAll('&#9;', '\t')
        .replaceAll('&#13;', '\r')
        .replaceAll('&quot;', '"')
        .replaceAll('&apos;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&'),
      verdict: m[2],
      outcome: m[0].includes('<failure') ? 'failure' : m[0].includes('<skipped') ? 'skipped' : 'pass',
    }));

  it('write JUnit XML: a testcase per table, broken failing, the rest failing only with --strict, XML-escaped', () => {
    const hostile = [
      ...list,
      { ...list[0], table: 's.ctl\u0000\u0008\ud800<x>&"\'', verdict: 'holds' } as TableVerification,
    ];
    const all = [
      ...hostile,
      ...list.map((v) => ({ ...v, table: `${v.table}-ok`, verdict: 'holds' as const, findings: [] })),
    ];
    const c = noVerdicts();
    for (const v of all) c[v.verdict] += 1;
    const xml = junitXml(all, c, false);
    // XML 1.0: no character it forbids, and no markup from a name.
    const forbidden = [...xml].filter((c) => {
      const n = c.codePointAt(0) ?? 0;
      return (
        (n < 0x20 && ![9, 10, 13].includes(n)) || (n >= 0xd800 && n <= 0xdfff) || n === 0xfffe || n === 0xffff
      );
    });
    expect(forbidden).toEqual([]);
    const cases = testcases(xml);
    expect(cases.map((t) => t.name)).toEqual(
      all.map((v) =>
        visibleText(v.table).replace(/[\ud800-\udfff]/g, (x) => `\\u${x.charCodeAt(0).toString(16)}`),
      ),
    );
    expect(cases.map((t) => t.verdict)).toEqual(all.map((v) => v.verdict));
    for (const t of cases)
      expect(t.outcome).toBe(
        t.verdict === 'broken'
          ? 'failure'
          : ['holds', 'better'].includes(t.verdict ?? '')
            ? 'pass'
            : 'skipped',
      );
    expect(xml).toMatch(
      new RegExp(
        `<testsuite name="querymode verify" tests="${all.length}" failures="${c.broken}" errors="0" skipped="${c.unverified + c.new + c.gone}">`,
      ),
    );
    for (const t of testcases(junitXml(all, c, true)))
      expect(t.outcome).toBe(['holds', 'better'].includes(t.verdict ?? '') ? 'pass' : 'failure');
  });

  it('every format carries the same verdicts for the same tables', () => {
    // A better table among the first nine, which the annotations comparison reads, and one after.
    const list = [better(`s.${HOSTILE[1]}better`, 40), ...verifications(14), better('s.plain', 41)];
    const counts = noVerdicts();
    for (const v of list) counts[v.verdict] += 1;
    const reported = (v: string) => v !== 'holds';
    // NDJSON and JSON: the records, as written and read back.
    const ndjson = list.map(
      (v) => JSON.parse(JSON.stringify(verifyRecord(v))) as { table: string; verdict: string },
    );
    const byTable = ndjson.map((r) => [visibleText(r.table), r.verdict]);
    const json = (JSON.parse(JSON.stringify({ tables: list.map(verifyRecord) })) as { tables: typeof ndjson })
      .tables;
    expect(json.map((r) => [visibleText(r.table), r.verdict])).toEqual(byTable);
    // GitHub annotations and Markdown rows: the tables that do not hold, in order.
    const shown = list.filter((v) => v.verdict !== 'holds');
    expect(
      githubAnnotations(shown.slice(0, 9), counts, false)
        .slice(0, 9)
        .map((a) => /^::\w+ title=querymode verify%3A (\w+)%3A/.exec(a)?.[1]),
    ).toEqual(shown.slice(0, 9).map((v) => v.verdict));
    expect(
      markdownSummary(shown, counts, false)
        .split('\n')
        .filter((l) => /^\| (broken|unverified|new|gone|better) \|/.test(l))
        .map((r) => r.split(' | ')[0]?.slice(2)),
    ).toEqual(shown.map((v) => v.verdict));
    // SARIF: the reported tables, each under its verdict.
    const sarif = expectSarifShape(
      JSON.parse(JSON.stringify(sarifLog(list, { version: '0', strict: false, planFile: undefined }))),
    );
    const sarifPairs = [...new Map(sarif.map((r) => [r.properties.table, r.properties.verdict])).entries()];
    expect(sarifPairs.map(([t, v]) => [visibleText(t), v])).toEqual(
      byTable.filter(([, v]) => reported(v ?? '')),
    );
    // JUnit: every table.
    expect(testcases(junitXml(list, counts, false)).map((t) => [t.name, t.verdict])).toEqual(byTable);
  });
});

/**
 * `querymode verify --junit FILE`: JUnit XML for the CI systems that show test reports (GitLab,
 * Jenkins, Azure). One testsuite, one testcase per table (named by the table): `broken` is a
 * failure; `unverified`, `new` and `gone` are failures with `--strict` (which fails on them) and
 * skipped tests without; `better` and `holds` pass. Each testcase carries its verdict as a
 * property. Text is XML-escaped (`&`, `<`, `>`, quotes, and in attributes newlines and tabs), and
 * every character XML 1.0 forbids, or that would act on a page, is written visibly as `\uXXXX`
 * (core's `visibleText`, then the lone surrogates and U+FFFE/U+FFFF). No URL is written.
 *
 * @module
 */
import { type TableVerification, visibleText } from '@querymode/core';
import { tableDetail, type VerdictCounts, verdictLine } from './render.js';

/** Characters XML 1.0 does not allow that `visibleText` keeps: lone surrogates, U+FFFE, U+FFFF. */
const NOT_XML = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

const hex = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text as XML 1.0 content: every forbidden or acting character visible, the markup escaped. */
export function xmlText(text: string): string {
  return visibleText(text)
    .replace(NOT_XML, hex)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** Text as an XML attribute value (between double quotes): also quotes, newlines and tabs. */
export function xmlAttribute(text: string): string {
  return xmlText(text)
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;')
    .replaceAll('\t', '&#9;');
}

/** What a verdict is in JUnit: a failure, a skipped test, or a pass. */
export function junitOutcome(
  verdict: TableVerification['verdict'],
  strict: boolean,
): 'failure' | 'skipped' | 'pass' {
  if (verdict === 'broken') return 'failure';
  if (verdict === 'holds' || verdict === 'better') return 'pass';
  return strict ? 'failure' : 'skipped';
}

/** The JUnit XML of a run: every table verified (in the order given), and the counts. */
export function junitXml(all: readonly TableVerification[], counts: VerdictCounts, strict: boolean): string {
  const outcomes = all.map((v) => junitOutcome(v.verdict, strict));
  const failures = outcomes.filter((o) => o === 'failure').length;
  const skipped = outcomes.filter((o) => o === 'skipped').length;
  const suite = `name="querymode verify" tests="${all.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
  const cases = all.map((v, i) => {
    const detail = tableDetail(v);
    const outcome = outcomes[i];
    const message = xmlAttribute(`${v.verdict}: ${detail}`);
    const inner =
      outcome === 'failure'
        ? `      <failure type="${v.verdict}" message="${message}">${xmlText(detail)}</failure>\n`
        : outcome === 'skipped'
          ? `      <skipped message="${message}"/>\n`
          : '';
    return [
      `    <testcase classname="querymode.verify" name="${xmlAttribute(v.table)}">`,
      `      <properties><property name="verdict" value="${v.verdict}"/>${v.line === null ? '' : `<property name="plan_line" value="${v.line}"/>`}</properties>`,
      `${inner}    </testcase>`,
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${suite}>`,
    `  <testsuite ${suite}>`,
    `    <properties><property name="result" value="${xmlAttribute(verdictLine(counts, strict))}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

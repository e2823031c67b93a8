import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, type PageAssets, renderReportHtml } from '../src/html/page.js';
import { reportRow } from '../src/model/row.js';
import { summarize } from '../src/model/summary.js';
import type { ReportData } from '../src/model/types.js';
import { formatCount, horizonText, percentOf, splitCode } from '../src/text.js';
import { detailRecord, EXAMPLE_TRAITS } from './support.js';

const ASSETS: PageAssets = {
  script: 'document.title;',
  scriptHash: "'sha256-test'",
  style: 'body{color:#000}</style><b>',
  licenses: 'lib 1.0.0 (MIT) <b>',
};

function data(table: string): ReportData {
  const traits = { ...(EXAMPLE_TRAITS[0] as (typeof EXAMPLE_TRAITS)[number]), table };
  const rows = [reportRow(detailRecord(traits, 1), 1)];
  return {
    title: `Plan of ${table}`,
    generator: 'querymode 0.0.0',
    input: 'x.ndjson',
    summary: summarize(rows),
    rows,
  };
}

/** The JSON the page's script reads. */
const embedded = (html: string): unknown => {
  const start = html.indexOf('<script type="application/json" id="qm-data">');
  const from = html.indexOf('>', start) + 1;
  return JSON.parse(html.slice(from, html.indexOf('</script>', from)));
};

describe('renderReportHtml', () => {
  it('allows no network request and no script but its own, by hash', () => {
    const policy = contentSecurityPolicy("'sha256-abc'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("script-src 'sha256-abc'");
    expect(policy).not.toContain("script-src 'unsafe-inline'");
    const html = renderReportHtml(data('t'), ASSETS);
    expect(html).toContain(`content="${contentSecurityPolicy("'sha256-test'")}"`);
    expect(html).toContain('<script>document.title;</script>');
  });

  it('keeps a hostile table name as text: escaped in HTML, unable to close the data element', () => {
    const name = '</script><script>alert(1)</script><!--';
    const d = data(name);
    const html = renderReportHtml(d, ASSETS);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      '<title>Plan of &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</title>',
    );
    expect(embedded(html)).toEqual(JSON.parse(JSON.stringify(d)));
    // Only the page's own two script elements, and the style cannot be closed early.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('<style>body{color:#000}<\\/style><b></style>');
    expect(html).toContain('lib 1.0.0 (MIT) &lt;b&gt;');
  });

  it('is the same bytes for the same input', () => {
    expect(renderReportHtml(data('a.b'), ASSETS)).toBe(renderReportHtml(data('a.b'), ASSETS));
  });
});

describe('the page’s words and numbers', () => {
  it('writes counts with separators, horizons in days or hours, and percentages of exact sums', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount('-27021597764222976')).toBe('-27,021,597,764,222,976');
    expect(horizonText(720)).toBe('30 days');
    expect(horizonText(24)).toBe('1 day');
    expect(horizonText(36)).toBe('36 hours');
    expect(horizonText(1)).toBe('1 hour');
    expect(percentOf('995', '1000')).toBe('99.5%');
    expect(percentOf('-5', '1000')).toBe('-0.5%');
    expect(percentOf('1', '6')).toBe('16.7%');
    expect(percentOf('2', '3')).toBe('66.7%');
    expect(percentOf('1', '3')).toBe('33.3%');
    expect(percentOf('1', '0')).toBeNull();
  });

  it('splits the advisor’s sentences at their backticks', () => {
    expect(splitCode('use `timestamp` now')).toEqual([
      { code: false, text: 'use ' },
      { code: true, text: 'timestamp' },
      { code: false, text: ' now' },
    ]);
    expect(splitCode('a ` b')).toEqual([{ code: false, text: 'a ` b' }]);
  });
});

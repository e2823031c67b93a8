/**
 * Renders `docs/service.md`, the page of the service's rules that users read, from core's
 * `SERVICE_RULES`. Pure: the generation script writes the file and a test compares it with this
 * output.
 *
 * @module
 */
import {
  SERVICE_RULE_SECTIONS,
  SERVICE_RULES,
  type ServiceRule,
  type ServiceRuleSource,
} from '@querymode/core';

function sourceLines(source: ServiceRuleSource): string[] {
  switch (source.kind) {
    case 'api_reference':
      return [
        "Source: the service's API v2.0 documentation of query modes and list pagination, which says:",
        '',
        `> ${source.quote}`,
      ];
    case 'public_docs':
      return [`Source: public documentation, <${source.address}> (${source.says}).`];
    case 'querymode':
      return [
        `Source: querymode's own ${source.basis === 'inference' ? 'inference (general database knowledge)' : 'choice'}, not a rule the service publishes: ${source.why}`,
      ];
  }
}

function ruleLines(rule: ServiceRule): string[] {
  const heading = `${rule.title.charAt(0).toUpperCase()}${rule.title.slice(1)}`;
  return [
    `<a id="${rule.id}"></a>`,
    `### ${heading}`,
    '',
    rule.statement,
    '',
    ...sourceLines(rule.source),
    '',
    ...(rule.reading === undefined
      ? []
      : [`Strength: querymode's reading, not a rule the service states in those words: ${rule.reading}`, '']),
  ];
}

/** The whole of `docs/service.md`. */
export function renderServiceMarkdown(): string {
  const rules = SERVICE_RULES as readonly ServiceRule[];
  const lines = [
    "# The service's rules",
    '',
    '<!-- Generated from packages/core/src/catalogue/service-rules.ts by `pnpm run docs`. Do not edit. -->',
    '',
    'Every rule, limit, field and behaviour of the data-pipeline service that querymode relies on, in',
    "querymode's own words. Each has a stable anchor (what querymode's output cites as \"service rules:",
    '...") and says where it comes from:',
    '',
    "- **the service's API v2.0 documentation** of query modes and list pagination, quoted;",
    "- **public documentation**: another page of the service's or a database's documentation, with its",
    '  address;',
    "- **querymode's own inference or choice**, said so: what querymode reads into the documentation, or",
    '  decides where it is silent.',
    '',
    ...Object.entries(SERVICE_RULE_SECTIONS).flatMap(([key, title]) => [
      `## ${title}`,
      '',
      ...rules.filter((r) => r.section === key).flatMap(ruleLines),
    ]),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * Renders `docs/modes.md` from the catalogue. Pure: the generation script writes the file and
 * a test compares it with this output.
 *
 * @module
 */
import {
  BODY_PROFILE_NAMES,
  BODY_PROFILES,
  CHANGE_KINDS,
  citeSource,
  DEFAULT_BODY_PROFILE,
  DEFAULT_MODE,
  documentedPresenceText,
  exampleConfig,
  FIELD_KINDS,
  LIST_LIMIT,
  MODES,
  type ModeSpec,
  presenceText,
} from '@querymode/core';
import { cell } from './markdown.js';

function modeSection(mode: ModeSpec): string[] {
  const out = [`## \`${mode.id}\`: ${mode.title}`, '', mode.summary, ''];
  out.push(
    `Reads on each run: ${mode.reads === 'whole_table' ? 'the whole table' : 'changes since the last run'}.`,
    '',
  );
  out.push('| change kind | captured |', '|---|---|');
  for (const kind of CHANGE_KINDS) out.push(`| ${kind} | ${cell(mode.captures[kind].text)} |`);
  out.push('');
  if (mode.fields.length === 0) {
    out.push('Fields of `config` besides `mode`: none.', '');
  } else {
    out.push(
      "| field | the service's documentation (the documented profile) | querymode's strict profile | meaning (the service's words) | why this presence |",
      '|---|---|---|---|---|',
    );
    for (const f of mode.fields) {
      const kind = FIELD_KINDS[f.kind];
      // The documented column says where querymode's checks part from the service's documentation.
      const documented = BODY_PROFILES.documented.checkOf(kind);
      const documentedValue = `${documented.expected}${documented.note === undefined ? '' : ` (${documented.note})`}`;
      const strictValue = BODY_PROFILES.strict.checkOf(kind).expected;
      out.push(
        `| \`${f.name}\` | ${cell(`${documentedPresenceText(f.documentedPresence)}; ${documentedValue}`)} | ${cell(`${presenceText(f.presence)}; ${strictValue}`)} | ${cell(f.meaning)} | ${cell(f.presenceReason)} |`,
      );
    }
    out.push('');
  }
  out.push('| rule id | rule | source |', '|---|---|---|');
  for (const r of mode.rules) {
    out.push(`| \`${r.id}\` | ${cell(r.text)} | ${cell(citeSource(r.id, r.source))} |`);
  }
  out.push('');
  if (mode.limits !== undefined) {
    out.push(
      `Limits: usable only when the table has fewer than ${mode.limits.maxRowsExclusive.toLocaleString('en-US')} rows; ${mode.limits.reloadWaitHours} hours between full loads (the service's API documentation).`,
      '',
    );
  }
  out.push(
    'Example body:',
    '',
    '```json',
    JSON.stringify({ config: exampleConfig(mode) }, null, 2),
    '```',
    '',
  );
  return out;
}

/** The whole of `docs/modes.md`. */
export function renderModesMarkdown(): string {
  const lines = [
    '# Query modes',
    '',
    '<!-- Generated from the catalogue (packages/core/src/catalogue/modes.ts) by `pnpm run docs`. Do not edit. -->',
    '',
    'Each source object of a pipeline has a query mode, set with',
    '`PUT {base_url}/api/public/v2.0/pipelines/<pipeline_id>/objects/<object_name>/query-mode` and the body',
    '`{ "config": { "mode": ..., ... } }`. The service\'s documentation requires `config`, `mode`, and',
    '`unique_column_name` when `historical_enabled` is true; it lists the other fields without saying',
    'whether they are required, and does not say how the service treats keys it does not know.',
    '',
    '## Body profiles',
    '',
    'Two profiles check a body (`querymode validate --profile`, the `profile` option of',
    "`validateQueryModeBody`, of the client's `setQueryMode` and of the mock):",
    '',
    ...BODY_PROFILE_NAMES.map(
      (name) =>
        `- \`${name}\`${name === DEFAULT_BODY_PROFILE ? ' (the default)' : ''}: ${BODY_PROFILES[name].summary}`,
    ),
    '',
    "The OpenAPI document describes the documented profile. querymode's recommendations always write",
    'full bodies, which pass both. See docs/service.md, "querymode\'s strict profile".',
    '',
    '## Overview',
    '',
    '| mode | inserts | updates | deletes | fields |',
    '|---|---|---|---|---|',
    ...MODES.map(
      (m) =>
        `| \`${m.id}\` | ${cell(m.captures.inserts.text)} | ${cell(m.captures.updates.text)} | ${m.captures.deletes.value.replace('_', ' ')} | ${
          m.fields.length ? m.fields.map((f) => `\`${f.name}\``).join(', ') : 'none'
        } |`,
    ),
    '',
    "## Limits (the service's API documentation)",
    '',
    '| limit | value |',
    '|---|---|',
    `| \`limit\` parameter of list endpoints | ${LIST_LIMIT.min} to ${LIST_LIMIT.max} |`,
    ...MODES.flatMap((m) =>
      'limits' in m
        ? [
            `| table size for \`${m.id}\` | fewer than ${m.limits.maxRowsExclusive.toLocaleString('en-US')} rows |`,
            `| wait between full reloads of \`${m.id}\` | ${m.limits.reloadWaitHours} hours |`,
          ]
        : [],
    ),
    `| default query mode of new objects | \`${DEFAULT_MODE}\` |`,
    '',
    ...MODES.flatMap((m) => modeSection(m)),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

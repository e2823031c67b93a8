/**
 * Renders `docs/modes.md` from the catalogue. Pure: the generation script writes the file and
 * a test compares it with this output.
 *
 * @module
 */
import {
  CHANGE_KINDS,
  DEFAULT_MODE,
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
    out.push('| field | type | presence | meaning (spec) | why this presence |', '|---|---|---|---|---|');
    for (const f of mode.fields) {
      out.push(
        `| \`${f.name}\` | ${cell(FIELD_KINDS[f.kind].expected)} | ${cell(presenceText(f.presence))} | ${cell(f.meaning)} | ${cell(f.presenceReason)} |`,
      );
    }
    out.push('');
  }
  out.push('| rule id | rule | source |', '|---|---|---|');
  for (const r of mode.rules) {
    out.push(
      `| \`${r.id}\` | ${cell(r.text)} | ${r.source === 'spec' ? 'spec' : 'documented outside the spec'} |`,
    );
  }
  out.push('');
  if (mode.limits !== undefined) {
    out.push(
      `Limits: usable only when the table has fewer than ${mode.limits.maxRowsExclusive.toLocaleString('en-US')} rows; ${mode.limits.reloadWaitHours} hours between full loads (spec 2.3 and 8).`,
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
    '`{ "config": { "mode": ..., ... } }`. The spec does not say how the service treats keys it does not',
    "know (its errors are not shown); querymode's validator (`validateQueryModeBody`, `querymode validate`)",
    'rejects them at every level, so that a misspelt field is caught before it is sent.',
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
    '## Limits (spec section 8)',
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

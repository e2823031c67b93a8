/**
 * Renders `docs/modes.md` from the catalogue. Pure: the generation script writes the file and
 * a test compares it with this output.
 *
 * @module
 */
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import { exampleConfig, presenceText } from '../catalogue/examples.js';
import { FIELD_KINDS } from '../catalogue/field-kinds.js';
import {
  DEFAULT_MODE,
  FULL_LOAD_MAX_ROWS_EXCLUSIVE,
  FULL_LOAD_RELOAD_WAIT_HOURS,
  LIST_LIMIT,
} from '../catalogue/limits.js';
import { MODES } from '../catalogue/modes.js';
import type { ModeSpec } from '../catalogue/types.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

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
    '<!-- Generated from the catalogue (packages/core/src/catalogue/modes.ts) by `pnpm docs`. Do not edit. -->',
    '',
    'Each source object of a pipeline has a query mode, set with',
    '`PUT {base_url}/api/public/v2.0/pipelines/<pipeline_id>/objects/<object_name>/query-mode` and the body',
    '`{ "config": { "mode": ..., ... } }`. Unknown keys are rejected at every level.',
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
    `| table size for \`full_load\` | fewer than ${FULL_LOAD_MAX_ROWS_EXCLUSIVE.toLocaleString('en-US')} rows |`,
    `| wait between full reloads | ${FULL_LOAD_RELOAD_WAIT_HOURS} hours |`,
    `| default query mode of new objects | \`${DEFAULT_MODE}\` |`,
    '',
    ...MODES.flatMap((m) => modeSection(m)),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * `querymode explain <mode>`: everything about one mode, from the catalogue.
 *
 * @module
 */
import {
  CHANGE_KINDS,
  exampleConfig,
  FIELD_KINDS,
  type ModeSpec,
  presenceText,
  type QueryMode,
  ruleRemedies,
  type SourceKind,
} from '@querymode/core';
import { printOut } from '../io/write.js';
import { resolveModeArg } from '../mode-arg.js';
import { printJson } from '../render/json.js';
import { indent } from '../render/table.js';

/** Options of `explain`. */
export interface ExplainOptions {
  readonly json?: boolean;
  /** The source kind, for the SQL dialect of remedies. */
  readonly source?: SourceKind;
}

/** The explanation of a mode as data: the catalogue entry, an example body and the remedies. */
export function explainData(mode: ModeSpec, source?: SourceKind) {
  return {
    mode: mode.id,
    title: mode.title,
    summary: mode.summary,
    reads: mode.reads,
    captures: mode.captures,
    fields: mode.fields.map((f) => ({
      name: f.name,
      kind: f.kind,
      expected: FIELD_KINDS[f.kind].expected,
      presence: f.presence,
      presence_reason: f.presenceReason,
      meaning: f.meaning,
    })),
    rules: mode.rules,
    remedies: ruleRemedies(mode.id as QueryMode, source),
    example: { config: exampleConfig(mode) },
  };
}

/** Runs `explain`. */
export function runExplain(name: string, options: ExplainOptions): number {
  const mode = resolveModeArg(name);
  const data = explainData(mode, options.source);
  if (options.json) {
    printJson(data);
    return 0;
  }
  const out: string[] = [`${mode.id}: ${mode.title}`, '', mode.summary, ''];
  out.push(
    `Reads each run: ${mode.reads === 'whole_table' ? 'the whole table' : 'changes since the last run'}`,
  );
  out.push('Captures:');
  for (const kind of CHANGE_KINDS) out.push(`  ${kind.padEnd(8)} ${mode.captures[kind].text}`);
  out.push('', 'Fields of config:');
  out.push(`  mode  required  the string "${mode.id}"`);
  for (const f of data.fields) {
    out.push(`  ${f.name}  ${presenceText(f.presence)}  ${f.expected}`);
    out.push(indent(`${f.meaning}\nWhy ${presenceText(f.presence)}: ${f.presence_reason}`, '      '));
  }
  out.push('', 'Rules:');
  for (const r of mode.rules) {
    out.push(`  ${r.id}${r.source === 'outside_spec' ? ' (documented outside the spec)' : ''}`);
    out.push(indent(r.text, '      '));
  }
  if (data.remedies.length > 0) {
    out.push(
      '',
      `Remedies, for a table that breaks a rule (SQL for ${options.source ?? 'a generic database'}):`,
    );
    for (const r of data.remedies) out.push(`  ${r.rule}`, indent(r.remedy, '      '));
  }
  out.push('', 'Example body:', indent(JSON.stringify(data.example, null, 2)));
  printOut(out.join('\n'));
  return 0;
}

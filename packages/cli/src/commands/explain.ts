/**
 * `querymode explain <mode>`: everything about one mode: the catalogue entry, and each check of
 * its rules with its strength, source and remedy (SQL in the dialect of `--source`, or words).
 *
 * @module
 */
import {
  CHANGE_KINDS,
  CHECKS,
  citeSource,
  documentedPresenceText,
  exampleConfig,
  FIELD_KINDS,
  type FieldKind,
  type ModeSpec,
  presenceText,
  type QueryMode,
  ruleRemedies,
  SOURCE_PROFILES,
  type SourceKind,
  UNCHECKED_RULES,
} from '@querymode/core';
import { styleFor } from '../io/style.js';
import { printOut } from '../io/write.js';
import { resolveModeArg } from '../mode-arg.js';
import { printJson } from '../render/json.js';
import { indent, textTable } from '../render/table.js';

/** Options of `explain`. */
export interface ExplainOptions {
  readonly json?: boolean;
  /** The source kind, for the SQL dialect of remedies. */
  readonly source?: SourceKind;
}

/** The explanation of a mode as data: the catalogue entry, its checks, an example body and the remedies. */
export function explainData(mode: ModeSpec, source?: SourceKind) {
  const remedies = ruleRemedies(mode.id as QueryMode, source);
  const checks = CHECKS.filter((c) => remedies.some((r) => r.check === c.id));
  return {
    mode: mode.id,
    title: mode.title,
    summary: mode.summary,
    reads: mode.reads,
    captures: mode.captures,
    fields: mode.fields.map((f) => ({
      name: f.name,
      kind: f.kind,
      /** What querymode's strict profile expects of the value. */
      expected: FIELD_KINDS[f.kind].expected,
      /** What the service's documentation (the documented profile) expects of it. */
      documented_expected: FIELD_KINDS[f.kind].documented.expected,
      presence: f.presence,
      documented_presence: f.documentedPresence,
      presence_reason: f.presenceReason,
      meaning: f.meaning,
    })),
    rules: mode.rules,
    /** The mode's rules with no check of their own, and why. */
    unchecked: mode.rules
      .filter((r) => UNCHECKED_RULES[r.id] !== undefined)
      .map((r) => ({ rule: r.id, why: UNCHECKED_RULES[r.id] as string })),
    checks: checks.map((c) => ({
      id: c.id,
      rule: c.rule,
      strength: c.strength,
      source: c.source,
      holds: c.holds,
      reads: c.reads,
      ...(c.captures === undefined ? {} : { captures: c.captures }),
    })),
    remedies,
    example: { config: exampleConfig(mode) },
  };
}

/** Where the value's check of the two profiles part, or what of it is querymode's own, as a line. */
function valueWords(kind: FieldKind): string {
  const own = FIELD_KINDS[kind];
  if (own.documented.expected !== own.expected) {
    return `\nValue: ${own.documented.expected} in the documented profile; ${own.expected} in querymode's strict profile (${own.note ?? own.documented.note}).`;
  }
  return own.note === undefined ? '' : `\nValue: ${own.note}.`;
}

/** Runs `explain`. */
export function runExplain(name: string, options: ExplainOptions): number {
  const mode = resolveModeArg(name);
  const data = explainData(mode, options.source);
  if (options.json) {
    printJson(data);
    return 0;
  }
  const out: string[] = [styleFor(process.stdout).bold(`${mode.id}: ${mode.title}`), '', mode.summary, ''];
  out.push(
    `Reads each run: ${mode.reads === 'whole_table' ? 'the whole table' : 'changes since the last run'}`,
  );
  out.push('Captures:');
  for (const kind of CHANGE_KINDS) out.push(`  ${kind.padEnd(8)} ${mode.captures[kind].text}`);
  out.push(
    '',
    "Fields of config (the service's documentation, and querymode's strict profile, the default):",
  );
  const rows = [
    ['mode', 'required', 'required', `the string "${mode.id}"`],
    ...data.fields.map((f) => [
      f.name,
      documentedPresenceText(f.documented_presence),
      presenceText(f.presence),
      f.expected,
    ]),
  ];
  out.push(indent(textTable(['field', 'documented', 'strict profile', 'value (strict profile)'], rows)));
  for (const f of data.fields) {
    const value = valueWords(f.kind);
    out.push('', `  ${f.name}`, indent(`${f.meaning}\n${f.presence_reason}${value}`, '      '));
  }
  out.push('', 'Rules:');
  for (const r of mode.rules) {
    out.push(`  ${r.id}: ${citeSource(r.id, undefined)}`);
    out.push(indent(r.text, '      '));
    const why = UNCHECKED_RULES[r.id];
    if (why !== undefined) out.push(indent(`No check of its own: ${why}`, '      '));
  }
  out.push('', 'Checks (strength, source):');
  for (const c of data.checks)
    out.push(
      `  ${c.id}: ${c.strength}, ${citeSource(c.id, c.source.kind)}${c.captures ? `, decides the capture of ${c.captures}` : ''}`,
      indent(c.holds, '      '),
    );
  if (data.remedies.length > 0) {
    const dialect = options.source === undefined ? null : SOURCE_PROFILES[options.source];
    out.push(
      '',
      dialect === null
        ? 'Remedies, for a table that breaks each check (give --source for their SQL):'
        : dialect.dialect === null
          ? `Remedies, for a table that breaks each check (${dialect.label}: no SQL dialect the advisor writes):`
          : `Remedies, for a table that breaks each check (SQL for ${dialect.label}):`,
    );
    for (const r of data.remedies) {
      out.push(`  ${r.check}`, indent(r.action, '      '));
      if (r.sql !== null) out.push(indent(r.sql, '      '));
    }
  }
  out.push('', 'Example body:', indent(JSON.stringify(data.example, null, 2)));
  printOut(out.join('\n'));
  return 0;
}

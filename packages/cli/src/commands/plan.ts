/**
 * `querymode plan --from <body|mode> --to <body|mode>`: what a mode change does.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import {
  getMode,
  looseName,
  planModeChange,
  QUERY_MODES,
  type QueryMode,
  type QueryModeBody,
} from '@querymode/core';
import { EXIT, inputError } from '../errors.js';
import { parseJson, readJson } from '../io/read.js';
import { printOut } from '../io/write.js';
import { resolveModeArg } from '../mode-arg.js';
import { printJson } from '../render/json.js';
import { formatInt } from '../render/number.js';
import { eventsText, findingLines } from '../render/recommendation.js';
import { indent } from '../render/table.js';
import { type TraitFlags, traitsFromFlags } from '../traits/flags.js';
import { loadTraits } from '../traits/load.js';
import { parseHorizonHours } from './recommend-options.js';

/** Options of `plan`. */
export interface PlanFlags extends TraitFlags {
  readonly from: string;
  readonly to: string;
  readonly traits?: string;
  readonly horizon?: string;
  readonly json?: boolean;
}

/** A `--from`/`--to` value: inline JSON, a mode name, or a body file. */
export function parseModeOrBody(value: string, flag: string): QueryMode | unknown {
  const text = value.trim();
  if (text.startsWith('{')) return parseJson(text, flag, `${flag} body`);
  if (getMode(text) || QUERY_MODES.some((m) => looseName(m) === looseName(text))) {
    return resolveModeArg(text, `mode in ${flag}`).id;
  }
  if (existsSync(text)) return readJson(text, `${flag} body`);
  return resolveModeArg(text, `mode in ${flag}`).id; // fails with a suggestion
}

/** Runs `plan`. */
export function runPlan(flags: PlanFlags): number {
  const traits = traitsFromFlags(flags, flags.traits === undefined ? {} : loadTraits(flags.traits));
  const from = parseModeOrBody(flags.from, '--from') as QueryMode | QueryModeBody;
  const to = parseModeOrBody(flags.to, '--to') as QueryMode | QueryModeBody;
  const horizonHours = parseHorizonHours(flags.horizon);
  const result = planModeChange(from, to, traits, { horizonHours });
  if (!result.ok) {
    throw inputError(
      `cannot plan the change:\n${result.issues.map((i) => `  ${i.code}  ${i.message}`).join('\n')}`,
    );
  }
  const p = result.value;
  // A change to a mode with error findings would not work for this table: exit 1, so scripts can gate on it.
  const code = p.findings.some((f) => f.severity === 'error') ? EXIT.failed : EXIT.ok;
  if (flags.json) {
    printJson(p);
    return code;
  }
  const out = [`${p.from} -> ${p.to}`];
  out.push(`  gains:   ${p.gained.length ? p.gained.join(', ') : 'nothing'}`);
  out.push(`  loses:   ${p.lost.length ? p.lost.join(', ') : 'nothing'}`);
  if (p.uncertain.length)
    out.push(`  unclear: ${p.uncertain.join(', ')} (not described by the spec for one side)`);
  const restart =
    p.restartsIngestion === 'not_documented'
      ? 'not documented for a change of fields within one mode'
      : p.restartsIngestion
        ? `yes: ingestion of the object starts again from the beginning${p.events.restart === null ? '' : ` (about ${eventsText({ events: p.events.restart, formula: '', assumptions: [] })} to re-read)`} (documented outside the spec)`
        : 'no';
  out.push(`  restart: ${restart}`);
  const h = flags.horizon ?? '30d';
  out.push(
    '',
    `Events over ${h}: ${eventsText(p.events.current)} now, ${eventsText(p.events.next)} after${
      p.events.difference === null
        ? ''
        : ` (${p.events.difference >= 0 ? '+' : ''}${formatInt(p.events.difference)})`
    }`,
  );
  if (p.body) out.push('', 'Body to send:', indent(JSON.stringify(p.body, null, 2)));
  const errors = p.findings.filter((f) => f.severity === 'error');
  if (p.findings.length)
    out.push('', `Findings for ${p.to}:`, ...p.findings.map((f) => indent(findingLines(f))));
  if (p.notes.length) out.push('', 'Notes:', ...p.notes.map((n) => `  - ${n}`));
  if (errors.length)
    out.push(
      '',
      `${p.to} has ${errors.length} error finding${errors.length === 1 ? '' : 's'} for this table.`,
    );
  printOut(out.join('\n'));
  return code;
}

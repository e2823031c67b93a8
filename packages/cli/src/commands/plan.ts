/**
 * `querymode plan --from <body|mode> --to <body|mode>`: what a mode change does: the kinds of
 * change gained and lost, the next mode's status and findings, billed events before and after,
 * and the restart (its re-ingested history is not billed).
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
import { EXIT } from '../errors.js';
import { parseJson, readJson } from '../io/read.js';
import { styleFor } from '../io/style.js';
import { printOut } from '../io/write.js';
import { resolveModeArg } from '../mode-arg.js';
import { eventsOptions, spanWords } from '../options/span.js';
import { printJson } from '../render/json.js';
import { formatInt } from '../render/number.js';
import { eventsText, findingLines } from '../render/recommendation.js';
import { indent } from '../render/table.js';
import { resultError } from '../result-error.js';
import { type TraitFlags, traitsFromFlags } from '../traits/flags.js';
import { loadTraits } from '../traits/load.js';

/** Options of `plan`. */
export interface PlanFlags extends TraitFlags {
  readonly from: string;
  readonly to: string;
  readonly traits?: string;
  readonly horizon?: string;
  readonly run?: readonly string[];
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

/** Runs `plan`. The exit is 0 only when the next mode is recommendable for the table. */
export function runPlan(flags: PlanFlags): number {
  const traits = traitsFromFlags(flags, flags.traits === undefined ? {} : loadTraits(flags.traits));
  const from = parseModeOrBody(flags.from, '--from') as QueryMode | QueryModeBody;
  const to = parseModeOrBody(flags.to, '--to') as QueryMode | QueryModeBody;
  const result = planModeChange(from, to, traits, eventsOptions(flags));
  if (!result.ok) throw resultError('cannot plan the change', result.issues);
  const p = result.value;
  const code = p.recommendable ? EXIT.ok : EXIT.failed;
  if (flags.json) {
    printJson(p);
    return code;
  }
  const verdict = p.recommendable
    ? 'recommendable'
    : p.status === 'eligible'
      ? 'eligible, but it misses a kind of change the table has'
      : p.status.replace('_', ' ');
  const s = styleFor(process.stdout);
  const out = [
    s.bold(`${p.from} -> ${p.to}: `) +
      (p.recommendable ? s.green : s.yellow)(`${p.to} is ${verdict}`) +
      ' for this table',
  ];
  out.push(`  gains:   ${p.gained.length ? p.gained.join(', ') : 'nothing'}`);
  out.push(`  loses:   ${p.lost.length ? p.lost.join(', ') : 'nothing'}`);
  if (p.uncertain.length)
    out.push(
      `  unclear: ${p.uncertain.join(', ')} (not described by the service's documentation for one side)`,
    );
  const restart =
    p.restartsIngestion === 'not_documented'
      ? 'not documented for a change of fields within one mode'
      : p.restartsIngestion
        ? `yes: ingestion of the object starts again from the beginning${p.events.reingested?.events == null ? '' : `; about ${formatInt(p.events.reingested.events)} events of history are ingested again, not billed`} (the service's public documentation; docs/service.md)`
        : 'no';
  out.push(`  restart: ${restart}`);
  out.push(`  allowed: the service's documentation does not show which changes of mode are allowed`);
  out.push(
    '',
    `Billed events over ${spanWords(flags)}: ${eventsText(p.events.current)} now, ${eventsText(p.events.next)} after${
      p.events.difference === null
        ? ''
        : ` (${p.events.difference >= 0 ? '+' : ''}${formatInt(p.events.difference)})`
    }`,
  );
  if (p.body) out.push('', 'Body to send:', indent(JSON.stringify(p.body, null, 2)));
  if (p.findings.length)
    out.push('', `Findings for ${p.to}:`, ...p.findings.map((f) => indent(findingLines(f))));
  if (p.notes.length) out.push('', 'Notes:', ...p.notes.map((n) => `  - ${n}`));
  printOut(out.join('\n'));
  return code;
}

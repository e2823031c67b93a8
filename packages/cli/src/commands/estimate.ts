/**
 * `querymode estimate`: billed events per mode over a horizon, or over a timeline of runs, with
 * the notes that hold for every mode printed once and each mode's formula and assumptions.
 *
 * @module
 */
import { type EventsEstimate, estimateEvents, QUERY_MODES, type QueryMode } from '@querymode/core';
import { EXIT } from '../errors.js';
import { printOut } from '../io/write.js';
import { resolveModeArg } from '../mode-arg.js';
import { printJson } from '../render/json.js';
import { eventsText } from '../render/recommendation.js';
import { indent } from '../render/table.js';
import type { TraitFlags } from '../traits/flags.js';
import { singleTableTraits } from './recommend.js';
import { eventsOptions, spanWords } from './recommend-options.js';
import { resultError } from './result-error.js';

/** Options of `estimate`. */
export interface EstimateFlags extends TraitFlags {
  readonly traits?: string;
  readonly mode?: readonly string[];
  readonly horizon?: string;
  readonly run?: readonly string[];
  readonly json?: boolean;
}

/** The status of an estimate run: `estimated` when every billed count is known, `partial` otherwise. */
export type EstimateStatus = 'estimated' | 'partial';

/** Runs `estimate`. */
export function runEstimate(flags: EstimateFlags): number {
  const traits = singleTableTraits(flags);
  const options = eventsOptions(flags);
  const modes: readonly QueryMode[] = flags.mode?.length
    ? flags.mode.map((m) => resolveModeArg(m, 'mode in --mode').id as QueryMode)
    : QUERY_MODES;
  const estimates: EventsEstimate[] = [];
  for (const mode of modes) {
    const r = estimateEvents(mode, traits, options);
    if (!r.ok) throw resultError('cannot estimate the events', r.issues);
    estimates.push(r.value);
  }
  const first = estimates[0] as EventsEstimate;
  const status: EstimateStatus = estimates.every((e) => e.billed !== null) ? 'estimated' : 'partial';
  if (flags.json) {
    printJson({
      status,
      horizon_hours: first.horizonHours,
      notes: first.notes,
      traits,
      estimates: estimates.map(({ notes: _, ...rest }) => rest),
    });
    return EXIT.ok;
  }
  const out = [`Billed events over ${spanWords(flags)} (${first.horizonHours} hours):`, ''];
  out.push(...first.notes.map((n) => `- ${n}`));
  for (const e of estimates) {
    out.push('', `${e.mode}: ${eventsText(e)}`, indent(e.formula));
    for (const u of e.unknown) out.push(indent(`- not known: ${u}`));
    for (const a of e.assumptions) out.push(indent(`- ${a}`));
  }
  printOut(out.join('\n'));
  return EXIT.ok;
}

/**
 * `querymode estimate`: ingested events per mode over a horizon, with the formula.
 *
 * @module
 */
import { estimateEvents, QUERY_MODES, type QueryMode } from '@querymode/core';
import { printOut } from '../io/write.js';
import { resolveModeArg } from '../mode-arg.js';
import { printJson } from '../render/json.js';
import { eventsText } from '../render/recommendation.js';
import { indent } from '../render/table.js';
import type { TraitFlags } from '../traits/flags.js';
import { singleTableTraits } from './recommend.js';
import { parseHorizonHours } from './recommend-options.js';

/** Options of `estimate`. */
export interface EstimateFlags extends TraitFlags {
  readonly traits?: string;
  readonly mode?: readonly string[];
  readonly horizon?: string;
  readonly json?: boolean;
}

/** Runs `estimate`. */
export function runEstimate(flags: EstimateFlags): number {
  const traits = singleTableTraits(flags);
  const hours = parseHorizonHours(flags.horizon);
  const modes: readonly QueryMode[] = flags.mode?.length
    ? flags.mode.map((m) => resolveModeArg(m, 'mode in --mode').id as QueryMode)
    : QUERY_MODES;
  const estimates = modes.map((mode) => ({ mode, ...estimateEvents(mode, traits, { hours }) }));
  if (flags.json) {
    printJson({ horizon_hours: hours, traits, estimates });
    return 0;
  }
  const out = [`Events over ${flags.horizon ?? '30d'} (${hours} hours):`];
  for (const e of estimates) {
    out.push('', `${e.mode}: ${eventsText(e)}`, indent(e.formula));
    for (const a of e.assumptions) out.push(indent(`- ${a}`));
  }
  printOut(out.join('\n'));
  return 0;
}

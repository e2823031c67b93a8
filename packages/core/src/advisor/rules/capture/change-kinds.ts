/**
 * `capture.change_kinds`: for each kind of change the table has or may have, whether the mode
 * captures it (`evaluate/capture.ts` assesses it): a known miss, a possible miss, or a capture the
 * service's documentation does not describe. A check as the others are, with its verdict, severity,
 * words, remedy and questions (a `ChangeKindCheck`); it reads one kind's assessment, so `findings.ts`
 * runs it once per kind of change rather than `runChecks` once per mode.
 *
 * @module
 */
import { MODES } from '../../../catalogue/modes.js';
import type { ChangeKind, ModeSpec } from '../../../catalogue/types.js';
import { fillTemplate } from '../../../text/template.js';
import { DOCUMENTED } from '../../facts/documented.js';
import { askTable } from '../../sql/questions.js';
import { listCode } from '../../text/format.js';
import {
  type CaptureStanding,
  type ChangeKindCheck,
  type ChangeKindContext,
  inWords,
  type RuleSource,
  tableWord,
} from '../check.js';

/** The source of its findings but those on documented deletes: the service's table of what each mode captures. */
const SOURCE: RuleSource = {
  kind: 'spec',
  quote: '| mode | Captures inserts | Captures updates | Further rules |',
};

/** The modes the service's documentation says capture a kind of change, as a list in words. */
const capturing = (kind: ChangeKind): string =>
  listCode((MODES as readonly ModeSpec[]).filter((m) => m.captures[kind].value === 'yes').map((m) => m.id));

/** The table has the kind and the mode is known to miss it. */
const knownMiss = (c: ChangeKindContext): boolean => c.found.verdict === 'missed' && c.found.table === 'yes';

/**
 * The words of the check's findings, by key: `{table}` is the table, `{kind}` the kind of change,
 * `{mode}` the mode, `{basis}` why the kind has its capture verdict. A message is `<standing>`, or
 * for a known miss the caller does not require, `known_deletes` (no mode captures deletes) or
 * `known_accepted`; `open_unsettled` when the caller requires the kind; a remedy is `miss_<kind>`.
 */
const WORDS = {
  pipeline: `{table} has {kind}, and the pipeline mode is not known: a table or custom SQL pipeline does not replicate {kind}, whatever the query mode (documented at ${DOCUMENTED.ingestionModes}).`,
  not_described:
    "{table} has {kind}; capture of {kind} by `{mode}` is not described by the service's documentation.",
  known: '{table} has {kind}: {basis}',
  known_deletes:
    '{table} has {kind}: {basis} No query mode captures deletes, so they are not required of any unless the caller asks (--must-capture deletes).',
  known_accepted:
    '{table} has {kind}: {basis} The caller accepts this (it said {kind} need not be captured).',
  open: 'Whether {table} has {kind} is not known: {basis}',
  open_unsettled:
    'Whether {table} has {kind} is not known: {basis} Until it is, `{mode}` is not recommended (or say that {kind} need not be captured: --must-capture).',
  miss_inserts: `Use a mode that captures inserts (${capturing('inserts')}), or accept the miss: say that inserts need not be captured (--must-capture).`,
  miss_updates: `Use a mode that captures updates (${capturing('updates')}), or accept the miss: say that updates need not be captured (--must-capture).`,
  miss_deletes:
    'Use a log-based pipeline, which replicates deletes, or have the application mark rows deleted (a soft delete, carried by an update) instead of deleting them (inference).',
} as const;

/** The key in `WORDS` of the message of a finding whose standing is `standing`. */
function messageKey(c: ChangeKindContext, standing: CaptureStanding): keyof typeof WORDS {
  if (standing === 'known' && !c.found.required)
    return c.kind === 'deletes' ? 'known_deletes' : 'known_accepted';
  if (standing === 'open' && c.unsettled) return 'open_unsettled';
  return standing;
}

/** Each kind of change the table has or may have, captured or not by the mode. */
export const captureChangeKinds: ChangeKindCheck = {
  id: 'capture.change_kinds',
  rule: 'capture.change_kinds',
  scope: 'change_kind',
  strength: 'hard',
  source: SOURCE,
  usualSource: SOURCE.kind,
  holds: 'The mode captures each kind of change the table has or may have.',
  reads: ['changes.inserts', 'changes.updates', 'changes.deletes', 'pipeline_mode'],
  reports(found, unsettled, condition) {
    if (found.table === 'no' || found.verdict === 'from_log' || found.verdict === 'captured') return false;
    // A capture condition of a kind the table has is reported by its own check.
    if (condition !== undefined && found.table === 'yes') return false;
    if (found.verdict === 'not_described') return found.table === 'yes';
    return found.verdict !== 'condition_unknown' || unsettled;
  },
  standing(c) {
    // Deletes the table has, in a pipeline whose mode is not known: a table or custom SQL pipeline loses them.
    if (c.found.table === 'yes' && c.unsettled) return 'pipeline';
    if (c.found.verdict === 'not_described') return 'not_described';
    return c.found.table === 'yes' ? 'known' : 'open';
  },
  verdict: (c) => (knownMiss(c) ? 'no' : 'unknown'),
  severity(c) {
    if (knownMiss(c)) return c.found.required ? 'error' : 'warning';
    return c.unsettled || c.found.verdict === 'not_described' ? 'warning' : 'info';
  },
  sourceOf: (c) =>
    c.found.reason === 'documented_deletes' || captureChangeKinds.standing(c) === 'pipeline'
      ? 'documented'
      : captureChangeKinds.usualSource,
  message: (c) =>
    fillTemplate(WORDS[messageKey(c, captureChangeKinds.standing(c))], {
      table: tableWord(c.facts),
      kind: c.kind,
      mode: c.mode.id,
      basis: c.basis,
    }),
  words: WORDS,
  // Asked for a known miss alone (the `no` verdict).
  remedy: (c) => inWords(WORDS[`miss_${c.kind}`]),
  ask(c) {
    const standing = captureChangeKinds.standing(c);
    if (standing === 'pipeline') return [askTable('pipeline_mode', c.facts)];
    return standing === 'open' ? [askTable(c.kind, c.facts)] : [];
  },
  fact: (c) => (captureChangeKinds.standing(c) === 'pipeline' ? ['pipeline_mode'] : ['changes', c.kind]),
};

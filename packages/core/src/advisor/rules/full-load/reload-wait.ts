/**
 * `full_load.reload_wait`: the six-hour wait between full loads, against the pipeline's
 * replication frequency. Advice: it shapes latency and events, it forbids nothing.
 *
 * @module
 */
import { MODES } from '../../../catalogue/modes.js';
import { askTable } from '../../sql/questions.js';
import { formatMinutes, listCode } from '../../text/format.js';
import { inWords, type TableCheck, tableWord } from '../check.js';

const CHANGE_READERS = listCode(MODES.filter((m) => m.reads === 'changes').map((m) => m.id));

/** The message when the pipeline replicates `every` (in words), more often than the `wait` after a load of `table`. */
const tooOften = (every: string, table: string, wait: string): string =>
  `The pipeline replicates every ${every}, but after each full load of ${table} the service waits ${wait} before loading it again, so its changes reach the destination up to ${wait} (plus the load time) late.`;

/** The message when the frequency is not known. */
const frequencyUnknown = (table: string, wait: string): string =>
  `The pipeline's replication frequency is not known; after each full load the service waits ${wait} before loading ${table} again, so its changes reach the destination up to ${wait} (plus the load time) late.`;

const FRESHER = `For fresher data, use a mode that reads only changes: ${CHANGE_READERS}.`;

/** The pipeline's frequency is no shorter than the wait between full loads, so the schedule holds. */
export const fullLoadReloadWait: TableCheck = {
  id: 'full_load.reload_wait',
  rule: 'full_load.reload_wait',
  scope: 'table',
  strength: 'advice',
  source: {
    kind: 'spec',
    quote: 'After the whole table is loaded the service waits six hours before ingesting the table again.',
  },
  holds: 'The replication frequency is six hours or longer, so the wait between full loads changes nothing.',
  reads: ['replication_frequency_minutes'],
  verdict: ({ facts, mode }) => {
    const wait = mode.limits?.reloadWaitHours;
    if (wait === undefined) return 'yes';
    if (facts.frequencyMinutes === undefined) return 'unknown';
    return facts.frequencyMinutes >= wait * 60 ? 'yes' : 'no';
  },
  message: ({ facts, mode }, verdict) => {
    const wait = `${mode.limits?.reloadWaitHours ?? 0} hours`;
    if (verdict === 'no') return tooOften(formatMinutes(facts.frequencyMinutes ?? 0), tableWord(facts), wait);
    return frequencyUnknown(tableWord(facts), wait);
  },
  words: {
    often: tooOften('{every}', '{table}', '{wait}'),
    unknown: frequencyUnknown('{table}', '{wait}'),
    fresher: FRESHER,
  },
  remedy: () => inWords(FRESHER),
  ask: ({ facts }) => [askTable('replication_frequency_minutes', facts)],
};

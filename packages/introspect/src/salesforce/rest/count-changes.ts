/**
 * The change counts of `--look-back` (`../measured-changes.ts` says what they are), read live:
 * each object's COUNT() queries as GETs of `/query` in composite requests of up to 25
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm),
 * a few at a time, through the run's budget and retries. A count that fails (an error of its
 * subrequest, or a composite request that fails for its own sake) leaves that count unknown with
 * the reason, and a warning; the other objects are counted. A failure that ends the run (the
 * token, the org's limit, the reserve) ends it here too, with nothing returned.
 *
 * @module
 */
import { shownString } from '@querymode/core';
import type { InspectResult } from '../../result.js';
import {
  type ChangeWindow,
  type CountKind,
  type CountQuery,
  countQueries,
  type MeasuredChanges,
  type ObjectCounts,
} from '../measured-changes.js';
import { asObject, own } from '../shapes.js';
import { compositeBatches, compositeGet } from './composite.js';
import { DEFAULT_CONCURRENCY, eachLimited } from './each-limited.js';
import { endsRun, errorWords, type RestSession } from './session.js';

/** What a count counts, in a warning. */
const COUNT_WORDS: Record<CountKind, string> = {
  created: 'the count of records created',
  changedEarlier: 'the count of records changed',
};

/** The count queries of the objects read, and each object's entry (with why a count is not measured). */
export function plannedCounts(
  names: readonly string[],
  describes: readonly unknown[],
  window: ChangeWindow,
): { queries: CountQuery[]; objects: Map<string, ObjectCounts> } {
  const byName = new Map<string, ReturnType<typeof asObject>>();
  for (const d of describes) {
    const o = asObject(d);
    const name = o === undefined ? undefined : own(o, 'name');
    if (typeof name === 'string') byName.set(name, o);
  }
  const queries: CountQuery[] = [];
  const objects = new Map<string, ObjectCounts>();
  for (const name of names) {
    const describe = byName.get(name);
    if (describe === undefined) {
      objects.set(name, { unmeasured: ['its describe was not read'] });
      continue;
    }
    const planned = countQueries(name, describe, window);
    objects.set(name, { unmeasured: planned.unmeasured });
    queries.push(...planned.queries);
  }
  return { queries, objects };
}

/** A count's figure from its subrequest's answer (`totalSize` of a 200), or why there is none. */
function figureOf(sub: ReturnType<typeof asObject>): number | string {
  if (sub === undefined) return 'the composite answer has none';
  const status = own(sub, 'httpStatusCode');
  const body = asObject(own(sub, 'body'));
  const total = body === undefined ? undefined : own(body, 'totalSize');
  if (status === 200 && typeof total === 'number' && Number.isSafeInteger(total) && total >= 0) return total;
  return `answered ${typeof status === 'number' ? status : 'without a status'}${errorWords(own(sub, 'body'))}${status === 200 ? ' without a totalSize' : ''}`;
}

/** Notes a count not read: its reason on the object, and a warning. */
function unread(q: CountQuery, reason: string, objects: Map<string, ObjectCounts>, warnings: string[]): void {
  objects.get(q.object)?.unmeasured.push(`${COUNT_WORDS[q.kind]} ${reason}`);
  warnings.push(`${shownString(q.object)}: ${COUNT_WORDS[q.kind]} ${reason}; that rate stays unknown`);
}

/**
 * Sends the count queries, `concurrency` composite requests at a time; never throws. Returns the
 * measured changes, or the failure that ended the run.
 */
export async function countChanges(
  session: RestSession,
  planned: { queries: readonly CountQuery[]; objects: Map<string, ObjectCounts> },
  window: ChangeWindow,
  warnings: string[],
  options: { concurrency?: number; onBatch?: (done: number, total: number) => void } = {},
): Promise<InspectResult<MeasuredChanges>> {
  const { objects } = planned;
  const batches = compositeBatches(planned.queries);
  let stop: InspectResult<MeasuredChanges> | undefined;
  let done = 0;
  await eachLimited(
    batches,
    options.concurrency ?? DEFAULT_CONCURRENCY,
    () => session.halted,
    async (batch) => {
      const answer = await compositeGet(
        session,
        batch.map((q) => `/query?q=${encodeURIComponent(q.soql)}`),
        'c',
      );
      if (!answer.ok) {
        const issue = answer.issues[0];
        if (endsRun(issue)) {
          stop ??= answer;
          session.halted = true;
          return;
        }
        for (const q of batch)
          unread(q, `was not read (${issue?.message ?? 'no answer'})`, objects, warnings);
      } else {
        batch.forEach((q, i) => {
          const figure = figureOf(answer.value[i]);
          const counts = objects.get(q.object);
          if (typeof figure === 'string') unread(q, figure, objects, warnings);
          else if (counts !== undefined) counts[q.kind] = figure;
        });
      }
      done += batch.length;
      options.onBatch?.(done, planned.queries.length);
    },
  );
  return stop ?? { ok: true, value: { window, objects } };
}

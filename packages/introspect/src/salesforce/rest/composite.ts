/**
 * A composite request of GETs: up to 25 subrequests in one API request (each composite request
 * counts as one API request:
 * https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_composite_post.htm),
 * `allOrNone: false` so that one failed subrequest costs no other. Sent through `request` (its
 * budget and retries); the answer is each subrequest's `{ httpStatusCode, body }` in the order of
 * the paths given.
 *
 * @module
 */
import { failure, type InspectResult } from '../../result.js';
import { asObject, type JsonObject } from '../shapes.js';
import { type RestSession, request } from './session.js';

/** Subrequests per composite request: Salesforce's documented maximum. */
export const COMPOSITE_MAX_SUBREQUESTS = 25;

/** `items` in runs of up to 25, the subrequests of one composite request each. */
export function compositeBatches<T>(items: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += COMPOSITE_MAX_SUBREQUESTS)
    batches.push(items.slice(i, i + COMPOSITE_MAX_SUBREQUESTS));
  return batches;
}

/**
 * GETs `paths` (under the session's root) in one composite request, their reference ids `prefix`
 * and the index (`d0`): each subrequest's answer, or undefined where the composite answer has
 * none; never throws.
 */
export async function compositeGet(
  session: RestSession,
  paths: readonly string[],
  prefix: string,
): Promise<InspectResult<(JsonObject | undefined)[]>> {
  const body = JSON.stringify({
    allOrNone: false,
    compositeRequest: paths.map((path, i) => ({
      method: 'GET',
      url: `${session.root}${path}`,
      referenceId: `${prefix}${i}`,
    })),
  });
  const answer = await request(session, { method: 'POST', path: '/composite', body });
  if (!answer.ok) return answer;
  const responses = asObject(answer.value.body)?.compositeResponse;
  if (!Array.isArray(responses))
    return failure(
      'unexpected_answer',
      `${session.root}/composite answered without compositeResponse: not a composite answer`,
    );
  const byReference = new Map<string, JsonObject>();
  for (const r of responses) {
    const entry = asObject(r);
    if (typeof entry?.referenceId === 'string') byReference.set(entry.referenceId, entry);
  }
  return { ok: true, value: paths.map((_, i) => byReference.get(`${prefix}${i}`)) };
}

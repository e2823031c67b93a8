/**
 * The builders of the records of `querymode apply`, one per status. Each takes the plan record's
 * line and object (either may be unknown for an invalid record) and what happened; none reads a
 * property of what it is given, so none throws, whatever it is given.
 *
 * @module
 */
import type { QueryModeBody } from '../catalogue/body-types.js';
import {
  ALREADY_APPLIED,
  type ApplyFailure,
  type ApplyInvalidError,
  type ApplyObject,
  type ApplyRecord,
  type ApplyWhere,
} from './apply-record.js';

/** Which plan record: `line`, and its object. */
function object(line: number, pipelineId: string, objectName: string): ApplyObject {
  return { line, pipeline_id: pipelineId, object_name: objectName };
}

/** Which invalid plan record: `line`, and `pipeline_id` and `object_name` when known. */
function where(line: number, pipelineId: string | undefined, objectName: string | undefined): ApplyWhere {
  return {
    line,
    ...(pipelineId === undefined ? {} : { pipeline_id: pipelineId }),
    ...(objectName === undefined ? {} : { object_name: objectName }),
  };
}

/** The server accepted the change (`httpStatus`) after `attempts` attempts. */
export function appliedRecord(
  line: number,
  pipelineId: string,
  objectName: string,
  httpStatus: number,
  attempts: number,
): ApplyRecord {
  return {
    ...object(line, pipelineId, objectName),
    ok: true,
    status: 'applied',
    http_status: httpStatus,
    attempts,
  };
}

/** The journal says the change was already applied: it was not sent again. */
export function skippedRecord(line: number, pipelineId: string, objectName: string): ApplyRecord {
  return { ...object(line, pipelineId, objectName), ok: true, status: 'skipped', reason: ALREADY_APPLIED };
}

/** A dry run: the `PUT` of `body` to `path` that `--yes` would send. */
export function wouldApplyRecord(
  line: number,
  pipelineId: string,
  objectName: string,
  path: string,
  body: QueryModeBody,
): ApplyRecord {
  return {
    ...object(line, pipelineId, objectName),
    ok: true,
    status: 'would_apply',
    request: { method: 'PUT', path, body },
  };
}

/** The change was not sent, for `reason` (a halt, a stop, invalid records elsewhere in the plan). */
export function notSentRecord(
  line: number,
  pipelineId: string,
  objectName: string,
  reason: string,
): ApplyRecord {
  return { ...object(line, pipelineId, objectName), ok: false, status: 'not_sent', reason };
}

/** The request failed with `error`. */
export function failedApplyRecord(
  line: number,
  pipelineId: string,
  objectName: string,
  error: ApplyFailure,
): ApplyRecord {
  return { ...object(line, pipelineId, objectName), ok: false, status: 'failed', error };
}

/** The plan record is invalid (`error`); its object is named when the record got that far. */
export function invalidPlanRecord(
  line: number,
  pipelineId: string | undefined,
  objectName: string | undefined,
  error: ApplyInvalidError,
): ApplyRecord {
  return { ...where(line, pipelineId, objectName), ok: false, status: 'invalid', error };
}

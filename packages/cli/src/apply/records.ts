/**
 * The records of a plan for `querymode apply`, one JSON object per line:
 *
 * - `{ "pipeline_id", "object_name", "config": { "mode", ... } }`; or
 * - a record of `querymode recommend --ndjson` with `pipeline_id` and `object_name` added: its
 *   body is under `body` (`{ "config" }`), or `null` when nothing was recommended, which is an
 *   invalid record for apply.
 *
 * Other keys pass through and are ignored. Every record is checked (the body by core) before
 * anything is sent; a plan that sets one object twice is invalid.
 *
 * @module
 */
import { type QueryModeBody, validateQueryModeBody } from '@querymode/core';
import { parseJsonLine } from '../io/json-line.js';

/** A valid record: which object to set, and to what. */
export interface PlanItem {
  /** The line of the input, from 1. */
  readonly line: number;
  readonly pipelineId: string;
  readonly objectName: string;
  /** The body, as core validated it. */
  readonly body: QueryModeBody;
  /** Identifies the object: pipeline id and object name. */
  readonly objectKey: string;
  /** Identifies the change: the object and the canonical JSON of its config. */
  readonly changeKey: string;
}

/** Why a record is invalid. */
export type RecordErrorCode =
  | 'invalid_json'
  | 'duplicate_key'
  | 'invalid_record'
  | 'missing_field'
  | 'invalid_field'
  | 'missing_body'
  | 'ambiguous_body'
  | 'no_recommendation'
  | 'invalid_body'
  | 'duplicate_object';

/** An invalid record. */
export interface RecordError {
  readonly line: number;
  readonly code: RecordErrorCode;
  readonly message: string;
  readonly pipelineId?: string;
  readonly objectName?: string;
  readonly issues?: readonly unknown[];
}

/** The checked plan. */
export interface CheckedPlan {
  readonly items: readonly PlanItem[];
  readonly errors: readonly RecordError[];
  /** Non-empty lines read. */
  readonly records: number;
}

/** The key of an object. */
export const objectKey = (pipelineId: string, objectName: string): string =>
  JSON.stringify([pipelineId, objectName]);

/** The key of a change: an object and a config. */
export const changeKey = (pipelineId: string, objectName: string, config: unknown): string =>
  JSON.stringify([pipelineId, objectName, config]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkId(
  record: Record<string, unknown>,
  key: 'pipeline_id' | 'object_name',
  line: number,
): RecordError | string {
  const value = record[key];
  if (value === undefined)
    return { line, code: 'missing_field', message: `line ${line}: \`${key}\` is missing` };
  if (typeof value !== 'string' || value === '') {
    return { line, code: 'invalid_field', message: `line ${line}: \`${key}\` must be a non-empty string` };
  }
  if (value === '.' || value === '..') {
    return {
      line,
      code: 'invalid_field',
      message: `line ${line}: \`${key}\` "${value}" cannot be sent as a URL path segment`,
    };
  }
  return value;
}

/** Checks one line; a record or the reason it is invalid. */
export function checkRecord(text: string, line: number): PlanItem | RecordError {
  const parsed = parseJsonLine(text, line);
  if (!parsed.ok) return { line, code: parsed.code, message: parsed.message };
  const value = parsed.value;
  if (!isRecord(value)) {
    return {
      line,
      code: 'invalid_record',
      message: `line ${line}: expected a JSON object { pipeline_id, object_name, config }`,
    };
  }
  const pipelineId = checkId(value, 'pipeline_id', line);
  if (typeof pipelineId !== 'string') return pipelineId;
  const objectName = checkId(value, 'object_name', line);
  if (typeof objectName !== 'string') return { ...objectName, pipelineId };
  const where = { line, pipelineId, objectName };
  const hasConfig = Object.hasOwn(value, 'config');
  const hasBody = Object.hasOwn(value, 'body');
  if (hasConfig && hasBody) {
    return {
      ...where,
      code: 'ambiguous_body',
      message: `line ${line}: has both \`config\` and \`body\`; keep one`,
    };
  }
  let body: unknown;
  if (hasBody) {
    if (value.body === null) {
      return {
        ...where,
        code: 'no_recommendation',
        message: `line ${line}: \`body\` is null: recommend found no mode for this table; fix its traits or remove the line`,
      };
    }
    body = value.body;
  } else if (hasConfig) {
    body = { config: value.config };
  } else {
    const failed = value.ok === false ? ' (a recommend line that failed)' : '';
    return { ...where, code: 'missing_body', message: `line ${line}: no \`config\` or \`body\`${failed}` };
  }
  const checked = validateQueryModeBody(body);
  if (!checked.ok) {
    return {
      ...where,
      code: 'invalid_body',
      message: `line ${line}: ${checked.issues[0]?.message ?? 'invalid body'}${checked.issues.length > 1 ? ` (and ${checked.issues.length - 1} more)` : ''}`,
      issues: checked.issues,
    };
  }
  return {
    line,
    pipelineId,
    objectName,
    body: checked.value,
    objectKey: objectKey(pipelineId, objectName),
    changeKey: changeKey(pipelineId, objectName, checked.value.config),
  };
}

/** Checks every line of a plan. Empty lines are skipped; a plan that sets one object twice is invalid. */
export function checkPlan(text: string): CheckedPlan {
  const items: PlanItem[] = [];
  const errors: RecordError[] = [];
  const seen = new Map<string, number>();
  let records = 0;
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    records += 1;
    const checked = checkRecord(line, i + 1);
    if ('code' in checked) {
      errors.push(checked);
      return;
    }
    const first = seen.get(checked.objectKey);
    if (first !== undefined) {
      errors.push({
        line: checked.line,
        pipelineId: checked.pipelineId,
        objectName: checked.objectName,
        code: 'duplicate_object',
        message: `line ${checked.line}: sets the same object as line ${first}; a plan sets each object once`,
      });
      return;
    }
    seen.set(checked.objectKey, checked.line);
    items.push(checked);
  });
  return { items, errors, records };
}

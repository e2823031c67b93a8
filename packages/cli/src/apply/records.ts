/**
 * The records of a plan for `querymode apply`, one JSON object per line:
 *
 * - `{ "pipeline_id", "object_name", "config": { "mode", ... } }`; or
 * - a record of `querymode recommend --ndjson` with `pipeline_id` and `object_name` added: its
 *   body is under `body` (`{ "config" }`), or `null` when nothing was recommended, which is an
 *   invalid record for apply.
 *
 * A record without `pipeline_id` takes the one of `--pipeline`, and, with
 * `--object-name-from-table`, a record without `object_name` takes its `table` (the caller says the
 * pipeline's objects are named as the tables; the service's documentation does not say how objects are named). Other
 * keys pass through and are ignored. Every record is checked (the body by core) before anything is
 * sent; a plan that sets one object twice is invalid.
 *
 * @module
 */
import {
  type ApplyInvalidCode,
  closest,
  type Issue,
  isRecord,
  type QueryModeBody,
  shownName,
  validateQueryModeBody,
} from '@querymode/core';
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

/** An invalid record. */
export interface RecordError {
  readonly line: number;
  /** Why (core's list, which the records of `apply` carry). */
  readonly code: ApplyInvalidCode;
  readonly message: string;
  readonly pipelineId?: string;
  readonly objectName?: string;
  readonly issues?: readonly Issue[];
}

/** The checked plan. */
export interface CheckedPlan {
  readonly items: readonly PlanItem[];
  readonly errors: readonly RecordError[];
  /** Non-empty lines read. */
  readonly records: number;
}

/** What the command line gives the records that lack it. */
export interface PlanDefaults {
  /** The pipeline of records without `pipeline_id` (`--pipeline`). */
  readonly pipelineId?: string;
  /** Whether a record without `object_name` takes its `table` (`--object-name-from-table`). */
  readonly objectNameFromTable?: boolean;
}

/** The key of an object. */
export const objectKey = (pipelineId: string, objectName: string): string =>
  JSON.stringify([pipelineId, objectName]);

/** The key of a change: an object and a config. */
export const changeKey = (pipelineId: string, objectName: string, config: unknown): string =>
  JSON.stringify([pipelineId, objectName, config]);

/** Where a record's id comes from when it lacks its own, and how to give one. */
interface IdFallback {
  /** The value to use, when the command line gives one. */
  readonly value: unknown;
  /** Where the value comes from, for messages. */
  readonly from: string;
  /** How to give one, for the message of a missing id. */
  readonly hint: string;
}

/** `; the record has \`pipline_id\`: did you mean \`pipeline_id\`?` for a key of the record that is a misspelling of one of `wanted`. */
function misspelt(record: Record<string, unknown>, wanted: readonly string[]): string {
  for (const key of Object.keys(record)) {
    const meant = closest(key, wanted);
    if (meant !== undefined && meant !== key)
      return `; the record has ${shownName(key)}: did you mean \`${meant}\`?`;
  }
  return '';
}

function checkId(
  record: Record<string, unknown>,
  key: 'pipeline_id' | 'object_name',
  line: number,
  fallback: IdFallback,
): RecordError | string {
  const own = record[key];
  const value = own === undefined ? fallback.value : own;
  const name =
    own === undefined && fallback.value !== undefined ? `${fallback.from} (for \`${key}\`)` : `\`${key}\``;
  if (value === undefined)
    return {
      line,
      code: 'missing_field',
      message: `line ${line}: \`${key}\` is missing${misspelt(record, [key])}; ${fallback.hint}`,
    };
  if (typeof value !== 'string' || value === '') {
    return { line, code: 'invalid_field', message: `line ${line}: ${name} must be a non-empty string` };
  }
  if (value === '.' || value === '..') {
    return {
      line,
      code: 'invalid_field',
      message: `line ${line}: ${name} "${value}" cannot be sent as a URL path segment`,
    };
  }
  return value;
}

/** Checks one line; a record or the reason it is invalid. */
export function checkRecord(text: string, line: number, defaults: PlanDefaults = {}): PlanItem | RecordError {
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
  const pipelineId = checkId(value, 'pipeline_id', line, {
    value: defaults.pipelineId,
    from: '--pipeline',
    hint: 'add it to the record, or give --pipeline ID for records without one',
  });
  if (typeof pipelineId !== 'string') return pipelineId;
  const objectName = checkId(value, 'object_name', line, {
    value: defaults.objectNameFromTable === true ? value.table : undefined,
    from: '`table`',
    hint:
      defaults.objectNameFromTable === true
        ? 'the record has no `table` either'
        : 'add it to the record, or give --object-name-from-table if the objects are named as the tables',
  });
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
    return {
      ...where,
      code: 'missing_body',
      message: `line ${line}: no \`config\` or \`body\`${failed}${misspelt(value, ['config', 'body'])}`,
    };
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

/**
 * Checks a plan line by line (so that it can be read as a stream): empty lines are skipped; a
 * plan that sets one object twice is invalid.
 */
export class PlanChecker {
  readonly #defaults: PlanDefaults;
  readonly #items: PlanItem[] = [];
  readonly #errors: RecordError[] = [];
  readonly #seen = new Map<string, number>();
  #records = 0;

  constructor(defaults: PlanDefaults = {}) {
    this.#defaults = defaults;
  }

  /** Checks the line numbered `line` (its text, without the newline). */
  add(raw: string, line: number): void {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') return;
    this.#records += 1;
    const checked = checkRecord(text, line, this.#defaults);
    if ('code' in checked) {
      this.#errors.push(checked);
      return;
    }
    const first = this.#seen.get(checked.objectKey);
    if (first !== undefined) {
      this.#errors.push({
        line: checked.line,
        pipelineId: checked.pipelineId,
        objectName: checked.objectName,
        code: 'duplicate_object',
        message: `line ${checked.line}: sets the same object as line ${first}; a plan sets each object once`,
      });
      return;
    }
    this.#seen.set(checked.objectKey, checked.line);
    this.#items.push(checked);
  }

  /** A line that could not be read (too long, not UTF-8): an invalid record. */
  unreadable(line: number, message: string): void {
    this.#records += 1;
    this.#errors.push({ line, code: 'unreadable_line', message: `line ${line}: ${message}` });
  }

  /** The plan checked so far. */
  result(): CheckedPlan {
    return { items: this.#items, errors: this.#errors, records: this.#records };
  }
}

/** Checks every line of a plan's text (see {@link PlanChecker}). */
export function checkPlan(text: string, defaults: PlanDefaults = {}): CheckedPlan {
  const checker = new PlanChecker(defaults);
  text.split('\n').forEach((raw, i) => {
    checker.add(raw, i + 1);
  });
  return checker.result();
}

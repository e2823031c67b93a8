/**
 * The baseline of the validation benchmark: a validator of the query-mode body written by hand,
 * straightforwardly, as a reasonable engineer would without the catalogue: typeof checks, loops
 * over keys, a fresh copy on success, a list of `{ path, code, message }` issues on failure.
 *
 * It hard-codes the rules of spec 2.3 on purpose (it is the yardstick, not shared code). The
 * validation suite checks that it gives the same verdict as `validateQueryModeBody` on every
 * body it measures, so it cannot drift from the catalogue unnoticed.
 *
 * @module
 */

/** A validation issue of the baseline. */
export interface BaselineIssue {
  path: (string | number)[];
  code: string;
  message: string;
}

/** The baseline's result. */
export type BaselineResult =
  | { ok: true; value: { config: Record<string, unknown> } }
  | { ok: false; issues: BaselineIssue[] };

type FieldType = 'column' | 'boolean' | 'milliseconds';

const FIELDS: Record<string, Record<string, { type: FieldType; required: boolean }>> = {
  full_load: {},
  timestamp: {
    timestamp_column_name: { type: 'column', required: true },
    timestamp_delay_interval_ms: { type: 'milliseconds', required: false },
  },
  incrementing: {
    incrementing_column_name: { type: 'column', required: true },
    stop_on_gap: { type: 'boolean', required: false },
  },
  'timestamp+incrementing': {
    incrementing_column_name: { type: 'column', required: true },
    timestamp_column_name: { type: 'column', required: true },
  },
  unique_incrementing: {
    unique_column_name: { type: 'column', required: true },
  },
  change_tracking: {
    historical_enabled: { type: 'boolean', required: true },
    unique_column_name: { type: 'column', required: false }, // required when historical_enabled is true
  },
};

const MAX_MS = '9007199254740991';

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkValue(type: FieldType, value: unknown): string | undefined {
  if (type === 'boolean') {
    return typeof value === 'boolean' ? undefined : `expected a boolean, received ${typeName(value)}`;
  }
  if (typeof value !== 'string') return `expected a string, received ${typeName(value)}`;
  if (type === 'column') {
    if (value.length === 0) return 'expected a non-empty column name, received an empty string';
    if (value.trim() !== value) return 'expected a column name without leading or trailing white space';
    return undefined;
  }
  if (!/^[0-9]+$/.test(value))
    return `expected a string of digits, received ${JSON.stringify(value.slice(0, 40))}`;
  const digits = value.replace(/^0+(?=.)/, '');
  if (digits.length > MAX_MS.length || (digits.length === MAX_MS.length && digits > MAX_MS)) {
    return 'expected at most 9007199254740991 milliseconds';
  }
  return undefined;
}

/** Validates a query-mode body by hand-written rules. */
export function validateBaseline(input: unknown): BaselineResult {
  const issues: BaselineIssue[] = [];
  if (!isObject(input)) {
    return {
      ok: false,
      issues: [
        { path: [], code: 'invalid_type', message: `body: expected an object, received ${typeName(input)}` },
      ],
    };
  }
  for (const key of Object.keys(input)) {
    if (key !== 'config') issues.push({ path: [key], code: 'unknown_field', message: `${key}: unknown key` });
  }
  if (!Object.hasOwn(input, 'config')) {
    issues.push({ path: ['config'], code: 'missing_field', message: 'config: required' });
    return { ok: false, issues };
  }
  const config = input.config;
  if (!isObject(config)) {
    issues.push({
      path: ['config'],
      code: 'invalid_type',
      message: `config: expected an object, received ${typeName(config)}`,
    });
    return { ok: false, issues };
  }
  const mode = config.mode;
  if (!Object.hasOwn(config, 'mode')) {
    issues.push({ path: ['config', 'mode'], code: 'missing_field', message: 'config.mode: required' });
    return { ok: false, issues };
  }
  if (typeof mode !== 'string') {
    issues.push({
      path: ['config', 'mode'],
      code: 'invalid_type',
      message: `config.mode: expected a string, received ${typeName(mode)}`,
    });
    return { ok: false, issues };
  }
  const fields = Object.hasOwn(FIELDS, mode) ? FIELDS[mode] : undefined;
  if (fields === undefined) {
    issues.push({
      path: ['config', 'mode'],
      code: 'invalid_mode',
      message: `config.mode: expected one of ${Object.keys(FIELDS).join(', ')}, received ${JSON.stringify(mode.slice(0, 40))}`,
    });
    return { ok: false, issues };
  }
  const out: Record<string, unknown> = { mode };
  for (const key of Object.keys(config)) {
    if (key === 'mode') continue;
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined) {
      issues.push({
        path: ['config', key],
        code: 'unknown_field',
        message: `config.${key}: not a field of mode ${mode}`,
      });
      continue;
    }
    const value = config[key];
    const problem = checkValue(field.type, value);
    if (problem !== undefined)
      issues.push({ path: ['config', key], code: 'invalid_value', message: `config.${key}: ${problem}` });
    else out[key] = value;
  }
  for (const name in fields) {
    if (fields[name]?.required && !Object.hasOwn(config, name)) {
      issues.push({
        path: ['config', name],
        code: 'missing_field',
        message: `config.${name}: required for mode ${mode}`,
      });
    }
  }
  if (
    mode === 'change_tracking' &&
    out.historical_enabled === true &&
    !Object.hasOwn(config, 'unique_column_name')
  ) {
    issues.push({
      path: ['config', 'unique_column_name'],
      code: 'missing_field',
      message: 'config.unique_column_name: required when historical_enabled is true',
    });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: { config: out } };
}

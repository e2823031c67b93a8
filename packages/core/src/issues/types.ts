/**
 * Issues: validation failures as plain data. Every issue has a stable snake_case `code`, a
 * `path` of keys from the root of the input, a `message` made from its data by `formatIssue`,
 * and the parameters of its code.
 *
 * @module
 */
import type { QueryMode } from '../catalogue/modes.js';

/** A key path from the root of the input, such as `['config', 'mode']`. */
export type IssuePath = readonly (string | number)[];

/** An issue without its message: what a check produces. */
export type IssueData =
  | {
      readonly code: 'invalid_type';
      readonly path: IssuePath;
      /** What the value had to be. */
      readonly expected: 'object' | 'string' | 'boolean' | 'array' | 'integer' | 'number' | 'function';
      /** What it was, described briefly (`number 42`, `array`, `null`). */
      readonly received: string;
    }
  | {
      readonly code: 'missing_field';
      readonly path: IssuePath;
      /** The missing key. */
      readonly field: string;
      /** The mode that requires it, when a mode does. */
      readonly mode?: QueryMode;
      /** The sibling value that makes it required, for conditional fields. */
      readonly condition?: { readonly field: string; readonly equals: boolean };
    }
  | {
      readonly code: 'unknown_field';
      readonly path: IssuePath;
      /** The key that is not allowed. */
      readonly field: string;
      /** The keys allowed at that level. */
      readonly allowed: readonly string[];
      /** The closest allowed key, for a likely misspelling, as a dotted path from the root. */
      readonly suggestion?: string;
      /**
       * `strict` when querymode's strict profile rejects the key: a key of a query-mode body that the
       * service's documentation does not list. Absent for the keys of other inputs (options, traits),
       * which are querymode's own and always checked.
       */
      readonly profile?: 'strict';
    }
  | {
      readonly code: 'field_not_in_mode';
      readonly path: IssuePath;
      /** The key, which belongs to other modes. */
      readonly field: string;
      /** The mode of the body. */
      readonly mode: QueryMode;
      /** The modes whose config has this field. */
      readonly modes: readonly QueryMode[];
    }
  | {
      readonly code: 'invalid_mode';
      readonly path: IssuePath;
      /** The string given as mode (shortened when long). */
      readonly received: string;
      /** The closest mode, for a likely misspelling. */
      readonly suggestion?: QueryMode;
      /** Every mode. */
      readonly allowed: readonly QueryMode[];
    }
  | {
      readonly code: 'invalid_column_name';
      readonly path: IssuePath;
      readonly reason: 'empty' | 'surrounding_whitespace';
      readonly received: string;
      /**
       * `strict` when querymode's strict profile refuses a column name of a query-mode body that the
       * service's documentation allows (it states only a string). Absent for the column names of
       * querymode's own inputs (traits), which are always checked.
       */
      readonly profile?: 'strict';
    }
  | {
      readonly code: 'invalid_milliseconds';
      readonly path: IssuePath;
      readonly reason: 'not_digits' | 'too_large';
      readonly received: string;
    }
  | {
      readonly code: 'empty_string';
      readonly path: IssuePath;
    }
  | {
      readonly code: 'invalid_item';
      readonly path: IssuePath;
      /** What the rejected element was, described briefly. */
      readonly received: string;
    }
  | {
      readonly code: 'invalid_option';
      readonly path: IssuePath;
      /** The string given (shortened when long). */
      readonly received: string;
      /** Every allowed value. */
      readonly allowed: readonly string[];
      /** The closest allowed value, for a likely misspelling. */
      readonly suggestion?: string;
    }
  | {
      readonly code: 'invalid_number';
      readonly path: IssuePath;
      /** What the number had to be, in words (`an integer from 1 to 100`). */
      readonly expected: string;
      /** The smallest value allowed, when the range is closed (both bounds given and included). */
      readonly min?: number;
      /** The largest value allowed, when the range is closed. */
      readonly max?: number;
      /** What it was, described briefly (`number -1`). */
      readonly received: string;
    }
  | {
      readonly code: 'invalid_string';
      readonly path: IssuePath;
      /** What the string had to be, in words (`a key without ":"`), and why when it helps. */
      readonly expected: string;
      /** What it was, shown (`"a:b"`). */
      readonly received: string;
    }
  | {
      readonly code: 'duplicate_column';
      readonly path: IssuePath;
      /** The column name given twice. */
      readonly name: string;
      /** The index of its first occurrence. */
      readonly first: number;
    }
  | {
      readonly code: 'duplicate_value';
      readonly path: IssuePath;
      /** The value given twice (a pipeline id, an object name). */
      readonly value: string;
      /** Where it was given first. */
      readonly first: IssuePath;
    }
  | {
      readonly code: 'conflicting_options';
      readonly path: IssuePath;
      /** The options that cannot be given together. */
      readonly options: readonly string[];
    }
  | {
      readonly code: 'estimate_overflow';
      readonly path: IssuePath;
      /** The largest number of events an estimate can give. */
      readonly max: number;
      /** The inputs the estimate multiplies, in words. */
      readonly inputs: string;
    }
  | {
      readonly code: 'unreadable_input';
      readonly path: IssuePath;
      /** What reading the input threw, such as a proxy trap or a getter. */
      readonly detail: string;
    };

/** A validation issue: its data and a message made from it. */
export type Issue = IssueData & { readonly message: string };

/** Every issue code. */
export type IssueCode = IssueData['code'];

/** Every issue code, for loops in tests and docs. */
export const ISSUE_CODES = [
  'invalid_type',
  'missing_field',
  'unknown_field',
  'field_not_in_mode',
  'invalid_mode',
  'invalid_column_name',
  'invalid_milliseconds',
  'empty_string',
  'invalid_item',
  'invalid_option',
  'invalid_number',
  'invalid_string',
  'duplicate_column',
  'duplicate_value',
  'conflicting_options',
  'estimate_overflow',
  'unreadable_input',
] as const satisfies readonly IssueCode[];

/**
 * An issue of any of querymode's packages: a stable snake_case code, the key path where it applies,
 * and what is wrong in words. Core's {@link Issue} is one; introspect, openapi and the client name
 * their own codes.
 */
export interface IssueShape<C extends string = string> {
  readonly code: C;
  readonly path: IssuePath;
  readonly message: string;
}

/** A {@link Result} that succeeded: the value. */
export interface Success<T> {
  readonly ok: true;
  readonly value: T;
}

/** A {@link Result} that failed: the issues (core's by default). */
export interface Failure<I = Issue> {
  readonly ok: false;
  readonly issues: readonly I[];
}

/**
 * The result of a validation or any other work that can fail on its input: the value on success,
 * the issues on failure (core's by default). Never thrown. Every package's results are this one
 * (the normaliser's adds its warnings to both sides; the client's failure adds its error).
 */
export type Result<T, I = Issue> = Success<T> | Failure<I>;

/**
 * The settings a project file (`querymode.yaml`) and the environment (`QUERYMODE_*`) may give: the
 * defaults users repeat, each the default of one flag. Precedence: the flag, then the environment
 * variable, then the project file, then the built-in default (`querymode config` shows which won).
 *
 * @module
 */
import { DEFAULT_ROWS_ESTIMATE_MARGIN } from '@querymode/core';
import { usageError } from '../errors.js';
import { parseChangeKinds } from '../options/change-kinds.js';
import { DEFAULT_HORIZON } from '../options/span.js';
import { parseDurationMinutes } from '../traits/duration.js';
import { readFlag, TABLE_FLAGS } from '../traits/flags.js';
import { parseFraction } from '../traits/numbers.js';

/** One setting: its key in the project file, the flag it is the default of, its variable. */
export interface Setting {
  /** The key in `querymode.yaml`. */
  readonly key: string;
  /** The flag whose default it is, without `--`; none for `database_url_env`. */
  readonly flag?: string;
  /** The environment variable. */
  readonly env: string;
  /** The built-in default, in words. */
  readonly builtIn: string;
  /** The commands it applies to (each has the flag). */
  readonly commands: readonly string[];
  /** Checks a value as text (lists comma-separated); `where` names it in the error. */
  readonly check: (text: string, where: string) => void;
  /** Whether a relative path in the project file is read from the file's folder (`answers`). */
  readonly path?: true;
}

/** The commands that describe tables with the table flags. */
const TABLE_COMMANDS = ['recommend', 'estimate', 'plan', 'config'] as const;

/** The check of a table flag's value, as the flag reads it. */
function tableFlagCheck(name: string): Setting['check'] {
  const f = TABLE_FLAGS.find((t) => t.flag.name === name);
  if (f === undefined) throw new Error(`no table flag --${name}`);
  return (text, where) => void readFlag(f, text, where);
}

/** An environment variable's name: what `database_url_env` holds. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Every setting, in the order `querymode config` prints them. */
export const SETTINGS: readonly Setting[] = [
  {
    key: 'source',
    flag: 'source',
    env: 'QUERYMODE_SOURCE',
    builtIn: 'unknown',
    commands: TABLE_COMMANDS,
    check: tableFlagCheck('source'),
  },
  {
    key: 'pipeline_mode',
    flag: 'pipeline-mode',
    env: 'QUERYMODE_PIPELINE_MODE',
    builtIn: 'unknown',
    commands: TABLE_COMMANDS,
    check: tableFlagCheck('pipeline-mode'),
  },
  {
    key: 'replication_frequency',
    flag: 'frequency',
    env: 'QUERYMODE_FREQUENCY',
    builtIn: 'unknown',
    commands: TABLE_COMMANDS,
    check: tableFlagCheck('frequency'),
  },
  {
    key: 'horizon',
    flag: 'horizon',
    env: 'QUERYMODE_HORIZON',
    builtIn: DEFAULT_HORIZON,
    commands: ['recommend', 'estimate', 'plan', 'config'],
    check: (text, where) => void parseDurationMinutes(text, where),
  },
  {
    key: 'rows_estimate_margin',
    flag: 'rows-estimate-margin',
    env: 'QUERYMODE_ROWS_ESTIMATE_MARGIN',
    builtIn: String(DEFAULT_ROWS_ESTIMATE_MARGIN),
    commands: ['recommend', 'config'],
    check: (text, where) => void parseFraction(text, where),
  },
  {
    key: 'must_capture',
    flag: 'must-capture',
    env: 'QUERYMODE_MUST_CAPTURE',
    builtIn: 'inserts,updates',
    commands: ['recommend', 'verify', 'config'],
    check: (text, where) => {
      if ((parseChangeKinds(text, where) ?? []).length === 0)
        throw usageError(`${where} expects change kinds such as inserts,updates`);
    },
  },
  {
    key: 'answers',
    flag: 'answers',
    env: 'QUERYMODE_ANSWERS',
    builtIn: 'none',
    commands: ['recommend', 'estimate', 'demo', 'verify', 'config'],
    check: (text, where) => {
      if (text.trim() === '') throw usageError(`${where} expects the path of an answers file`);
    },
    path: true,
  },
  {
    key: 'database_url_env',
    env: 'QUERYMODE_DATABASE_URL_ENV',
    builtIn: 'QUERYMODE_DATABASE_URL',
    commands: ['inspect', 'verify', 'config'],
    check: (text, where) => {
      if (!ENV_NAME.test(text))
        throw usageError(
          `${where} expects the name of an environment variable (letters, digits, _); received ${JSON.stringify(text)}`,
        );
    },
  },
];

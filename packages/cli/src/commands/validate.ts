/**
 * `querymode validate [file|-]`: validation of a query-mode body in a profile (`--profile`:
 * querymode's strict profile by default, or what the service documents), optionally normalised
 * (`--fix`) and checked against a table's traits (`--traits`). The output names the profile.
 *
 * @module
 */
import {
  BODY_PROFILES,
  type BodyProfile,
  checkAgainstTable,
  countOf,
  DEFAULT_BODY_PROFILE,
  type Finding,
  type Issue,
  type NormalizeWarning,
  normalizeQueryModeBody,
  validateQueryModeBody,
} from '@querymode/core';
import { EXIT, usageError } from '../errors.js';
import { readJson } from '../io/read.js';
import { styleFor } from '../io/style.js';
import { printErr, printOut } from '../io/write.js';
import { printJson } from '../render/json.js';
import { resultError } from '../result-error.js';
import { loadTraits } from '../traits/load.js';

/** Options of `validate`. */
export interface ValidateFlags {
  readonly traits?: string;
  readonly fix?: boolean;
  readonly json?: boolean;
  readonly profile?: BodyProfile;
}

/** With `--fix`: a key that appeared twice in one object of the input (the last value was used). */
export interface DuplicateKeyWarning {
  readonly code: 'duplicate_key';
  /** The path of the object that holds the key twice. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

const issueLine = (i: Issue) => `  ${i.code}  ${i.message}`;
const findingLine = (f: Finding) =>
  `  ${f.severity}  ${f.rule}: ${f.message}${f.remedy ? `\n      remedy: ${f.remedy}` : ''}${f.sql ? `\n      sql: ${f.sql}` : ''}`;

/** Runs `validate`; returns the exit code. */
export function runValidate(source: string, options: ValidateFlags): number {
  if (source === '-' && options.traits === '-') {
    throw usageError('stdin can feed only one input: give the body or the traits as a file');
  }
  const duplicates: DuplicateKeyWarning[] = [];
  // --fix accepts what people write by hand: a repeated key is a warning there (the last value wins).
  const input = readJson(
    source,
    'body',
    options.fix
      ? { onDuplicateKey: (d, message) => duplicates.push({ code: 'duplicate_key', path: d.path, message }) }
      : {},
  );
  const traits = options.traits === undefined ? undefined : loadTraits(options.traits);
  let warnings: readonly (NormalizeWarning | DuplicateKeyWarning)[] = [];
  const profile = options.profile ?? DEFAULT_BODY_PROFILE;
  const profileName = BODY_PROFILES[profile].title;
  // Typed as the strict body: `--traits` checks it against the table, and a documented-profile body
  // that lacks a column field, or has a column name the strict profile refuses, comes back from
  // there as an issue that names the field.
  const result = (options.fix ? normalizeQueryModeBody : validateQueryModeBody)(input, {
    profile: profile as 'strict',
  });
  if (options.fix) {
    warnings = [...duplicates, ...(result as ReturnType<typeof normalizeQueryModeBody>).warnings];
  }
  const checked = result.ok && traits !== undefined ? checkAgainstTable(result.value, traits) : undefined;
  if (checked !== undefined && !checked.ok)
    throw resultError('cannot check the body against the traits', checked.issues);
  const findings: readonly Finding[] = checked?.ok ? checked.value : [];
  const blocking = findings.filter((f) => f.severity === 'error');
  const valid = result.ok && blocking.length === 0;

  if (options.json) {
    printJson({
      valid,
      profile,
      body: result.ok ? result.value : null,
      issues: result.ok ? [] : result.issues,
      ...(options.fix ? { warnings } : {}),
      ...(traits !== undefined ? { findings } : {}),
    });
    return valid ? EXIT.ok : EXIT.failed;
  }

  for (const w of warnings) printErr(`${w.code === 'duplicate_key' ? 'warning' : 'fixed'}: ${w.message}`);
  if (!result.ok) {
    printOut(
      `${styleFor(process.stdout).red('invalid')} in ${profileName}: ${countOf(result.issues.length, 'issue')}\n${result.issues.map(issueLine).join('\n')}`,
    );
    return EXIT.failed;
  }
  if (options.fix) printOut(JSON.stringify(result.value, null, 2));
  else
    printOut(
      `${styleFor(process.stdout).green('valid')} in ${profileName}: mode ${result.value.config.mode}`,
    );
  if (traits !== undefined) {
    if (findings.length === 0) printOut('no findings against the table');
    else printOut(`findings against the table:\n${findings.map(findingLine).join('\n')}`);
    if (blocking.length > 0) {
      printOut(
        `${styleFor(process.stdout).red('invalid')} for this table: ${countOf(blocking.length, 'error finding')}`,
      );
    }
  }
  return valid ? EXIT.ok : EXIT.failed;
}

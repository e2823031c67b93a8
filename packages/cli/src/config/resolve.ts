/**
 * The settings of a run: for each setting of the command, its value and where it came from, in
 * the order flag > environment (`QUERYMODE_*`) > project file > built-in default. The project file
 * is `--config FILE`, else `querymode.yaml` found from the working directory upward
 * (`find.ts`); only when there is one is the YAML library loaded.
 *
 * @module
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { inputError } from '../errors.js';
import { findProjectFile } from './find.js';
import type { ProjectFile } from './read-file.js';
import { SETTINGS, type Setting } from './settings.js';

/** One setting's effective value and origin (`--source`, `QUERYMODE_SOURCE`, `querymode.yaml:3`, `default`). */
export interface Resolved {
  readonly setting: Setting;
  /** Commander's key of its flag, when it has one. */
  readonly key?: string;
  /** The value as text; undefined where the built-in default holds. */
  readonly value?: string;
  readonly origin: string;
}

/** Reads a project file: `readProjectFile` of the lazy chunk `answers`, loaded by the caller. */
export type ProjectReader = (path: string) => Promise<ProjectFile>;

/** The project file of a run, read with `read`; undefined when none is given or found. */
export async function projectFile(
  given: string | undefined,
  cwd: string,
  read: ProjectReader,
): Promise<ProjectFile | undefined> {
  const path = given ?? findProjectFile(cwd);
  if (path === undefined) return undefined;
  if (given === undefined) return read(path);
  try {
    return await read(path);
  } catch (error) {
    throw inputError(`--config: ${(error as Error).message}`);
  }
}

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The settings of `cmd`, resolved against its flags, `env` and the project file. */
export function resolveSettings(
  cmd: CommandUnknownOpts,
  env: Readonly<Record<string, string | undefined>>,
  file: ProjectFile | undefined,
): Resolved[] {
  const out: Resolved[] = [];
  for (const setting of SETTINGS) {
    if (!setting.commands.includes(cmd.name())) continue;
    const key = setting.flag === undefined ? undefined : camel(setting.flag);
    const base = key === undefined ? { setting } : { setting, key };
    if (key !== undefined && cmd.getOptionValueSource(key) === 'cli') {
      out.push({ ...base, value: String(cmd.getOptionValue(key)), origin: `--${setting.flag}` });
      continue;
    }
    const fromEnv = env[setting.env];
    if (fromEnv !== undefined && fromEnv !== '') {
      setting.check(fromEnv, setting.env);
      out.push({ ...base, value: fromEnv, origin: setting.env });
      continue;
    }
    const fromFile = file?.values.get(setting.key);
    if (fromFile !== undefined) {
      out.push({ ...base, value: fromFile.text, origin: `${file?.name}:${fromFile.line}` });
      continue;
    }
    out.push({ ...base, origin: 'default' });
  }
  return out;
}

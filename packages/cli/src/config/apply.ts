/**
 * Applying the settings before a command runs (Commander's `preAction` hook): each value the
 * environment or the project file gives becomes the value of its flag where no flag was typed,
 * and the options say where each came from (`SETTINGS_FROM`), so that a traits file's own fact
 * stands over a project default. `database_url_env` names the variable the database URL is read
 * from when neither a URL nor `QUERYMODE_DATABASE_URL` is given.
 *
 * @module
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { SETTINGS_FROM } from '../traits/flags.js';
import { type ProjectReader, projectFile, resolveSettings } from './resolve.js';

/** The variable the database URL is read from by default. */
const URL_ENV = 'QUERYMODE_DATABASE_URL';

/** Applies the settings of the environment and the project file (`config`: `--config`) to `cmd`. */
export async function applySettings(
  cmd: CommandUnknownOpts,
  config: string | undefined,
  read: ProjectReader,
): Promise<void> {
  const file = await projectFile(config, process.cwd(), read);
  const from: Record<string, string> = {};
  for (const r of resolveSettings(cmd, process.env, file)) {
    if (r.value === undefined || r.origin.startsWith('--')) continue;
    if (r.key !== undefined) {
      cmd.setOptionValueWithSource(r.key, r.value, r.origin === r.setting.env ? 'env' : 'config');
      from[r.key] = r.origin;
    } else if (r.setting.key === 'database_url_env' && (process.env[URL_ENV] ?? '') === '') {
      const url = process.env[r.value];
      if (url !== undefined) process.env[URL_ENV] = url;
    }
  }
  if (Object.keys(from).length > 0) cmd.setOptionValue(SETTINGS_FROM, from);
}

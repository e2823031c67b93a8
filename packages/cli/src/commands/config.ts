/**
 * `querymode config`: the effective settings of a run from this folder, each with where it came
 * from (a flag, a `QUERYMODE_*` variable, the project file and line, or the default).
 *
 * @module
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { readProject } from '../answers/read-project.js';
import { findProjectFile, PROJECT_FILE } from '../config/find.js';
import { projectFile, resolveSettings } from '../config/resolve.js';
import { EXIT } from '../errors.js';
import { printOut } from '../io/write.js';
import { formatColumns } from '../render/columns.js';

/** Prints the settings as `config` sees them; the command is passed for its flags' sources. */
export async function runConfig(
  flags: { readonly json?: boolean },
  cmd: CommandUnknownOpts,
  config: string | undefined,
): Promise<number> {
  const cwd = process.cwd();
  const path = config ?? findProjectFile(cwd);
  const file = await projectFile(config, cwd, readProject);
  const settings = resolveSettings(cmd, process.env, file).map((r) => ({
    key: r.setting.key,
    value: r.value ?? r.setting.builtIn,
    from: r.origin,
  }));
  if (flags.json === true) {
    printOut(`${JSON.stringify({ project_file: path ?? null, settings }, null, 2)}\n`);
    return EXIT.ok;
  }
  const where =
    path === undefined
      ? `project file: none (no ${PROJECT_FILE} in ${cwd} or above it, up to the git root)`
      : `project file: ${path}`;
  const rows = settings.map((s) => [s.key, `${s.value}  (${s.from})`] as [string, string]);
  printOut(`${where}\n${formatColumns(rows, { width: 100 })}\n`);
  return EXIT.ok;
}

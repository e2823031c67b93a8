/**
 * Drivers that are optional peers of this package (`mssql` for SQL Server, `@electric-sql/pglite`
 * for the embedded sample shop): they are large (tens of megabytes with their own dependencies),
 * so an install of the CLI does not pull them in, and a run that needs one that is missing says
 * which package to install instead of failing with Node's module error.
 *
 * @module
 */

/** A driver package this package can use but does not install. */
export class MissingDriverError extends Error {
  override readonly name = 'MissingDriverError';

  /**
   * @param packageName the npm package that is missing, such as `mssql`
   * @param purpose what needs it, such as `reading a SQL Server catalog`
   * @param install the packages to install, with versions where the latest would not do
   */
  constructor(
    readonly packageName: string,
    readonly purpose: string,
    readonly install: string = packageName,
  ) {
    super(
      `${purpose} needs the npm package ${packageName}, which is not installed; install it beside querymode (npm install ${install})`,
    );
  }
}

/** Whether `error` is Node's "module not found" for `packageName` itself (not for a module it imports). */
function isMissing(error: unknown, packageName: string): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' && e?.code !== 'MODULE_NOT_FOUND') return false;
  return typeof e.message === 'string' && e.message.includes(`'${packageName}'`);
}

/**
 * Runs `load` (an `import()` of `packageName`, written out by the caller so that bundlers see it)
 * and turns a missing package into a {@link MissingDriverError} that names `install`. Other
 * errors pass through.
 */
export async function importDriver<T>(
  packageName: string,
  purpose: string,
  load: () => Promise<T>,
  install: string = packageName,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissing(error, packageName)) throw new MissingDriverError(packageName, purpose, install);
    throw error;
  }
}

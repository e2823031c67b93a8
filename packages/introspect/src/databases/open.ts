/**
 * Opens a {@link CatalogClient} on a real server through its kind's driver (each imported only
 * when its database is asked for: `pg`, `mysql2`, `mssql`; `mssql` is an optional peer, see
 * `connect/optional-import.ts`), within the connect timeout.
 *
 * @module
 */
import type { CatalogClient } from '../client.js';
import { ConnectTimeoutError, NoPasswordError } from '../connect/errors.js';
import type { Timeouts } from '../connect/timeouts.js';
import type { ConnectionTarget } from './description.js';
import { DATABASES } from './index.js';

/**
 * What the drivers say when their own connect timeout ends: `pg` ("timeout expired"), `mysql2`
 * ("connect ETIMEDOUT", without the address the system's own timeout adds), `mssql` ("... in Nms").
 */
const DRIVER_CONNECT_TIMEOUT =
  /^(?:timeout expired|Connection terminated due to connection timeout|connect ETIMEDOUT)$|^Failed to connect to .* in \d+ms$/;

/** What the drivers say when a server refused a login that gave no password. */
const REFUSED_WITHOUT_PASSWORD = /using password: NO|ER_ACCESS_DENIED|Login failed|ELOGIN/i;

/**
 * Opens a client on the target's server. Throws the driver's error (see `connect/errors.ts`), a
 * {@link NoPasswordError} when the server wanted a password and none was given, or a
 * {@link ConnectTimeoutError} when the connect takes longer than the connect timeout (the
 * driver's own timeout, or ours a second later for a driver that hangs: it is left behind and
 * closed when it finishes).
 */
export async function openClient(target: ConnectionTarget, timeouts: Timeouts): Promise<CatalogClient> {
  const database = DATABASES[target.kind];
  const opening = database.open(target, timeouts);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectTimeoutError(timeouts.connectMs)), timeouts.connectMs + 1_000);
  });
  try {
    return await Promise.race([opening, deadline]);
  } catch (error) {
    if (error instanceof ConnectTimeoutError)
      void opening.then(
        (c) => c.close(),
        () => undefined,
      );
    const text = error instanceof Error ? `${error.message} ${(error as { code?: unknown }).code ?? ''}` : '';
    if (target.password.empty && REFUSED_WITHOUT_PASSWORD.test(text))
      throw new NoPasswordError(database.environment.password);
    if (error instanceof Error && DRIVER_CONNECT_TIMEOUT.test(error.message))
      throw new ConnectTimeoutError(timeouts.connectMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

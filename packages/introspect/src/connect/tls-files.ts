/**
 * TLS settings as the drivers take them (Node's `tls.connect` options), with the certificate
 * files read.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { TlsOptions } from './tls-options.js';

/** Node TLS options for a mode, or `false` for no TLS, or `undefined` for the driver's default. */
export function nodeTls(tls: TlsOptions): ConnectionOptions | false | undefined {
  const files = {
    ...(tls.ca ? { ca: readFileSync(tls.ca, 'utf8') } : {}),
    ...(tls.cert ? { cert: readFileSync(tls.cert, 'utf8') } : {}),
    ...(tls.key ? { key: readFileSync(tls.key, 'utf8') } : {}),
  };
  switch (tls.mode) {
    case 'disable':
      return false;
    case 'prefer':
      return Object.keys(files).length > 0 ? { rejectUnauthorized: false, ...files } : undefined;
    case 'require':
      return { rejectUnauthorized: false, ...files };
    case 'verify-ca':
      return { rejectUnauthorized: true, checkServerIdentity: () => undefined, ...files };
    case 'verify-full':
      return { rejectUnauthorized: true, ...files };
  }
}

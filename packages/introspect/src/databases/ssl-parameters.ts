/**
 * TLS settings from the parameters PostgreSQL's and MySQL's own clients take: a mode, and the CA,
 * client certificate and key files, each under that database's name.
 *
 * @module
 */
import { invalidOptionIssue } from '@querymode/core';
import type { TlsOptions } from '../connect/tls-options.js';
import { type InspectResult, optionFailure } from '../result.js';
import type { TlsSettings } from './description.js';

/** The parameter names of one database's TLS settings. */
export interface SslParameterNames {
  readonly mode: string;
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
}

/** Reads the TLS settings named `names`; `modes` maps the database's mode words to ours. */
export function sslSettings(
  names: SslParameterNames,
  modes: Readonly<Record<string, TlsOptions['mode']>>,
  get: (parameter: string) => string | undefined,
): InspectResult<TlsSettings> {
  const raw = get(names.mode);
  const mode = raw === undefined ? 'prefer' : modes[raw.toLowerCase()];
  if (mode === undefined)
    return optionFailure(invalidOptionIssue([names.mode], raw ?? '', Object.keys(modes)));
  const ca = get(names.ca);
  const cert = get(names.cert);
  const key = get(names.key);
  return {
    ok: true,
    value: { tls: { mode, ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) } },
  };
}

/**
 * The org to read: `salesforce://<My Domain host>[:port]`, as `inspect` takes it. The REST API is
 * reached over https only; `salesforce+http://` is accepted for a loopback host alone (127.0.0.0/8,
 * ::1, localhost), so that tests can run a stand-in server without TLS. A token is never sent in
 * clear text to another machine.
 *
 * @module
 */
import { shownString } from '@querymode/core';
import { SALESFORCE_KIND } from '../../kinds/salesforce.js';
import { failure, type InspectResult } from '../../result.js';

/** The scheme of an org's URL, and that of a loopback stand-in reached without TLS (tests): the kind's. */
const [SALESFORCE_SCHEME, SALESFORCE_LOOPBACK_HTTP_SCHEME] = SALESFORCE_KIND.schemes;

/** Where the org's REST API is. */
export interface SalesforceOrg {
  /** `https://host[:port]` (or `http://` for a loopback host): where requests go. */
  readonly origin: string;
  /** The host alone, lower case, for messages and to compare with a token's instance URL. */
  readonly host: string;
}

/** Whether a URL's hostname is this machine: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

const EXAMPLE = 'salesforce://<My Domain host>, such as salesforce://acme.my.salesforce.com';

/**
 * The org a `salesforce://` URL names. Refused: no host, a user or password, a path, a query or a
 * fragment (the token comes from the environment or `--sf-org-json`, never the URL), and
 * `salesforce+http://` to a host that is not loopback. Messages never quote a password.
 */
export function parseSalesforceUrl(text: string): InspectResult<SalesforceOrg> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return failure('invalid_url', `not a URL: expected ${EXAMPLE}`);
  }
  const scheme = url.protocol.toLowerCase();
  if (scheme !== SALESFORCE_SCHEME && scheme !== SALESFORCE_LOOPBACK_HTTP_SCHEME)
    return failure('invalid_url', `expected ${EXAMPLE}; received the scheme ${shownString(url.protocol)}`);
  if (url.username !== '' || url.password !== '')
    return failure(
      'invalid_url',
      'the salesforce:// URL must not hold a user or password: the access token comes from SF_ACCESS_TOKEN or --sf-org-json',
    );
  if (url.hostname === '') return failure('invalid_url', `no host: expected ${EXAMPLE}`);
  if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '')
    return failure(
      'invalid_url',
      `the salesforce:// URL is the host alone (no path, query or fragment): expected ${EXAMPLE}`,
    );
  const loopback = isLoopbackHost(url.hostname);
  if (scheme === SALESFORCE_LOOPBACK_HTTP_SCHEME && !loopback)
    return failure(
      'invalid_url',
      `salesforce+http:// (no TLS) is only for a stand-in server on this machine (127.0.0.1, ::1, localhost); ${shownString(url.hostname)} is read over https: use salesforce://`,
    );
  const protocol = scheme === SALESFORCE_LOOPBACK_HTTP_SCHEME ? 'http:' : 'https:';
  let web: URL;
  try {
    // The scheme's own host is opaque (kept as typed); as https it is checked and normalised.
    web = new URL(`${protocol}//${url.host}`);
  } catch {
    return failure('invalid_url', `${shownString(url.host)} is not a host name: expected ${EXAMPLE}`);
  }
  return { ok: true, value: { origin: web.origin, host: web.host } };
}

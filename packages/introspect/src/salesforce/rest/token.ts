/**
 * The access token: from `SF_ACCESS_TOKEN` (the variable the Salesforce CLI itself reads for
 * `sf org login access-token`:
 * https://developer.salesforce.com/docs/platform/salesforce-cli-reference/guide/cli_reference_org_login_access-token.html),
 * or from the JSON `sf org display --json` prints (`result.accessToken`, `result.instanceUrl`), or
 * `sf org auth show-access-token --json` where newer sf versions redact the former. The token is a
 * `Secret` from here on: no message, progress line or output holds it.
 *
 * @module
 */
import { jsonDepthExceeds, shownString } from '@querymode/core';
import { Secret } from '../../connect/secret.js';
import { failure, type InspectResult } from '../../result.js';
import type { SalesforceOrg } from './url.js';

/** The environment variable of the access token. */
export const SALESFORCE_TOKEN_ENV = 'SF_ACCESS_TOKEN';

/** How to get a token, for the messages that need one. */
export const HOW_TO_GET_A_TOKEN = `get one with \`sf org login web --alias <alias>\`, then \`sf org display --target-org <alias> --json\` (newer sf versions redact the token there: \`sf org auth show-access-token --target-org <alias> --json\`); its result.accessToken goes in ${SALESFORCE_TOKEN_ENV}, the whole JSON in --sf-org-json`;

/** A token and where it came from. */
export interface SalesforceToken {
  readonly token: Secret;
  /** Where it came from, for messages: `SF_ACCESS_TOKEN` or the JSON's file name. */
  readonly from: string;
  /** The host of `result.instanceUrl`, when the JSON of `sf org display` gave one. */
  readonly instanceHost?: string;
}

/** A token is printable ASCII without spaces: anything else would break (or inject into) the header. */
const TOKEN = /^[\x21-\x7e]+$/;

function checkToken(value: string, from: string, instanceHost?: string): InspectResult<SalesforceToken> {
  const text = value.trim();
  if (text === '') return failure('no_token', `${from} holds no access token: ${HOW_TO_GET_A_TOKEN}`);
  if (!TOKEN.test(text))
    return failure(
      'invalid_token',
      `the access token in ${from} has a character no token has (a space, a line break, a control or non-ASCII character): copy it again, or ${HOW_TO_GET_A_TOKEN}`,
    );
  return {
    ok: true,
    value: { token: new Secret(text), from, ...(instanceHost === undefined ? {} : { instanceHost }) },
  };
}

/** The token of `SF_ACCESS_TOKEN`; `no_token` when it is not set. */
export function tokenFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): InspectResult<SalesforceToken> {
  const value = env[SALESFORCE_TOKEN_ENV];
  if (value === undefined)
    return failure(
      'no_token',
      `no access token: set ${SALESFORCE_TOKEN_ENV}, or pass --sf-org-json FILE (\`-\` for stdin); ${HOW_TO_GET_A_TOKEN}`,
    );
  return checkToken(value, SALESFORCE_TOKEN_ENV);
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/**
 * The token (and instance host) of the JSON `sf org display --json` (or `sf org auth
 * show-access-token --json`) prints, `{ status: 0, result: { accessToken, instanceUrl, ... } }`;
 * `from` names it in messages. A failed `sf` run (`status`
 * not 0) is said with its error's name, never with the text.
 */
export function tokenFromSfOrgJson(text: string, from: string): InspectResult<SalesforceToken> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failure(
      'invalid_token',
      `${from} is not JSON: expected what \`sf org display --target-org <alias> --json\` prints`,
    );
  }
  const top = jsonDepthExceeds(parsed) ? undefined : record(parsed);
  if (top !== undefined && typeof top.status === 'number' && top.status !== 0) {
    const name = typeof top.name === 'string' ? ` (${shownString(top.name.slice(0, 80))})` : '';
    return failure(
      'invalid_token',
      `${from} is the JSON of a failed sf command${name}, not of \`sf org display --json\`: run it again, or ${HOW_TO_GET_A_TOKEN}`,
    );
  }
  const result = record(top?.result);
  const token = result?.accessToken;
  if (typeof token !== 'string')
    return failure(
      'invalid_token',
      `${from} has no result.accessToken: expected what \`sf org display --target-org <alias> --json\` prints`,
    );
  if (/redacted/i.test(token))
    return failure(
      'invalid_token',
      `${from} has the access token redacted: newer sf versions show it with \`sf org auth show-access-token --target-org <alias> --json\`, whose JSON --sf-org-json reads too`,
    );
  let instanceHost: string | undefined;
  if (typeof result?.instanceUrl === 'string') {
    try {
      instanceHost = new URL(result.instanceUrl).host;
    } catch {
      return failure('invalid_token', `${from}: result.instanceUrl is not a URL`);
    }
  }
  return checkToken(token, from, instanceHost);
}

/**
 * Refuses a token that `sf org display` issued for another org than the URL's host: it would be
 * sent to a host it does not belong to (and be refused there, at best).
 */
export function checkTokenHost(token: SalesforceToken, org: SalesforceOrg): InspectResult<SalesforceToken> {
  if (token.instanceHost === undefined || token.instanceHost.toLowerCase() === org.host.toLowerCase())
    return { ok: true, value: token };
  return failure(
    'invalid_token',
    `the token of ${token.from} is for ${shownString(token.instanceHost)}, not ${shownString(org.host)}: give salesforce://${token.instanceHost}, or the JSON of that org`,
  );
}

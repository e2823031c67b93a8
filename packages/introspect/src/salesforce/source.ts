/**
 * Salesforce's reader as its kind names it (`kinds/salesforce.ts`): `salesforce://<My Domain host>`
 * read live through the REST API (`rest/read-org.ts`), converted as saved describe files are
 * (`catalog.ts`), one traits record per object. The URL, the flags and the token are checked
 * before any request is sent; the token comes from `SF_ACCESS_TOKEN` or the JSON of
 * `sf org display --json` (`--sf-org-json`) and is never in a message. The run says how many API
 * requests it takes before it spends them.
 *
 * @module
 */
import { countOf, shownString } from '@querymode/core';
import type { SourceFlagValue, SourceReader, SourceReading } from '../kinds/source-reader.js';
import { failure, type InspectResult } from '../result.js';
import { salesforceTraits } from './catalog.js';
import { changeWindow, MAX_LOOK_BACK_DAYS } from './measured-changes.js';
import { type ApiReserve, DEFAULT_API_RESERVE, parseApiReserve, showReserve } from './rest/budget.js';
import {
  DEFAULT_API_VERSION,
  DEFAULT_REQUEST_TIMEOUT_MS,
  parseApiVersion,
  readSalesforceOrg,
  type SalesforceOrgReading,
  type SalesforcePlan,
  type SalesforceProgress,
} from './rest/read-org.js';
import {
  checkTokenHost,
  type SalesforceToken,
  tokenFromEnvironment,
  tokenFromSfOrgJson,
} from './rest/token.js';
import { parseSalesforceUrl } from './rest/url.js';

/** The progress line of a step. */
function progressLine(host: string, p: SalesforceProgress): string {
  if (p.step === 'describes') return `describing the objects of ${host}: ${p.done} of ${p.total} ...`;
  if (p.step === 'change counts')
    return `counting the changes of ${host}: ${p.done} of ${p.total} counts ...`;
  return `reading the ${p.step === 'objects' ? 'list of objects' : p.step} of ${host} ...`;
}

/** The line that says what the run will spend, before it spends it. */
function planLine(host: string, plan: SalesforcePlan, reserveFlag: string): string {
  const left =
    plan.daily === undefined
      ? "the org's daily API requests are not known (--api-reserve 0)"
      : `the org has ${countOf(plan.daily.remaining, 'daily API request')} left (of ${countOf(plan.daily.max, 'request')}); ${countOf(plan.reserve ?? 0, 'request')} kept in reserve (--api-reserve ${reserveFlag})`;
  return `${countOf(plan.objects, 'object')} in ${shownString(host)}: ${countOf(plan.requests, 'API request')} in all (the limits, the list of objects, ${countOf(plan.batches, 'composite describe request')} of up to 25 objects, ${plan.countBatches > 0 ? `at most ${countOf(plan.countBatches, 'composite count request')} (--look-back), ` : ''}the record counts; more if some are retried); ${left}`;
}

/** A flag's text, when given as text. */
const textOf = (value: SourceFlagValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The token: from `--sf-org-json`'s file, else `SF_ACCESS_TOKEN`. */
function tokenOf(
  given: SourceFlagValue | undefined,
  environment: Readonly<Record<string, string | undefined>>,
): InspectResult<SalesforceToken> {
  if (typeof given === 'object') return tokenFromSfOrgJson(given.text, given.from);
  return tokenFromEnvironment(environment);
}

/** The window of `--look-back`: whole days, `7` or `7d`, from 1 to a year. */
export function parseLookBack(text: string): InspectResult<number> {
  const m = /^(\d{1,3})\s*d?$/i.exec(text.trim());
  const days = m === null ? 0 : Number(m[1]);
  return days >= 1 && days <= MAX_LOOK_BACK_DAYS
    ? { ok: true, value: days }
    : failure(
        'invalid_option',
        `--look-back expects a number of days from 1 to ${MAX_LOOK_BACK_DAYS}, such as 7 or 7d; received ${shownString(text)}`,
        ['look-back'],
      );
}

/** The reserve of `--api-reserve`, or the default. */
const reserveOf = (text: string | undefined): InspectResult<ApiReserve> =>
  text === undefined ? { ok: true, value: DEFAULT_API_RESERVE } : parseApiReserve(text);

/** What the reading gave, as the summary says it. */
function readingOf(
  host: string,
  org: SalesforceOrgReading,
  tables: readonly string[] | undefined,
): SourceReading {
  const catalog = salesforceTraits(org, tables === undefined ? {} : { objects: tables });
  const problems = [...org.warnings, ...catalog.issues.map((i) => i.message)];
  const daily =
    org.daily === undefined ? '' : `; the org has ${countOf(org.daily.remaining, 'daily API request')} left`;
  return {
    origin: host,
    server: 'Salesforce',
    tables: catalog.tables,
    problems,
    what: `${countOf(catalog.tables.length, 'Salesforce object')} from ${shownString(host)}`,
    spent: `${countOf(org.requests, 'API request')}${daily}`,
    notes: [
      ...(catalog.unmatched.length > 0
        ? [
            `no object matched: ${catalog.unmatched.map((n) => `--table ${shownString(n)}`).join(', ')} (object names are matched exactly, case included)`,
          ]
        : []),
      ...(problems.length > 0
        ? [`${countOf(problems.length, 'part')} not read (above); every other object is written`]
        : []),
    ],
    complete: problems.length === 0 && catalog.unmatched.length === 0,
    none: 'no objects: the org listed none that could be read',
  };
}

/** Reads a Salesforce org: `salesforce://<My Domain host>` with the kind's flags. */
export const readSalesforceSource: SourceReader = (request) => {
  const org = parseSalesforceUrl(request.url);
  if (!org.ok) return org;
  const host = org.value.host;
  const reserve = reserveOf(textOf(request.flags['api-reserve']));
  if (!reserve.ok) return reserve;
  const apiVersion = textOf(request.flags['api-version']) ?? DEFAULT_API_VERSION;
  if (parseApiVersion(apiVersion) === undefined)
    return failure(
      'invalid_option',
      `--api-version expects a REST API version such as ${DEFAULT_API_VERSION}; received ${shownString(apiVersion)}`,
      ['api-version'],
    );
  const lookBackText = textOf(request.flags['look-back']);
  const lookBack = lookBackText === undefined ? undefined : parseLookBack(lookBackText);
  if (lookBack?.ok === false) return lookBack;
  const timeout = request.flags['request-timeout'];
  const given = tokenOf(request.flags['sf-org-json'], request.environment);
  const token = given.ok ? checkTokenHost(given.value, org.value) : given;
  if (!token.ok) return token;
  const read = async (): Promise<InspectResult<SourceReading>> => {
    const reading = await readSalesforceOrg(org.value, token.value.token, {
      apiVersion,
      reserve: reserve.value,
      timeoutMs: typeof timeout === 'number' ? timeout : DEFAULT_REQUEST_TIMEOUT_MS,
      ...(lookBack === undefined ? {} : { lookBack: changeWindow(lookBack.value, Date.now()) }),
      ...(request.tables === undefined ? {} : { tables: request.tables }),
      ...(request.exclude === undefined ? {} : { exclude: request.exclude }),
      onProgress: (p) => request.progress(progressLine(host, p)),
      onPlan: (plan) => request.say(planLine(host, plan, showReserve(reserve.value))),
    });
    return reading.ok ? { ok: true, value: readingOf(host, reading.value, request.tables) } : reading;
  };
  return { ok: true, value: { read } };
};

/**
 * `querymode inspect salesforce://<My Domain host>`: a Salesforce org's objects read live through
 * its REST API (`@querymode/introspect`'s `readSalesforceOrg`), converted as `inspect --describe`
 * converts saved describe files, one NDJSON traits record per object. The access token comes from
 * `SF_ACCESS_TOKEN` or the JSON of `sf org display --json` (`--sf-org-json`) and is never printed.
 * The run says how many API requests it takes before it spends them, and writes nothing until the
 * whole org is read: a run stopped by the reserve, the limit or an error leaves no output.
 *
 * @module
 */
import { countOf, inspectRecord, shownString } from '@querymode/core';
import type { SalesforceCatalog, SalesforcePlan, SalesforceProgress } from '@querymode/introspect';
import { loadIntrospect } from '../database/load-introspect.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { endProgress, progress } from '../io/progress.js';
import { readText } from '../io/read.js';
import { summaryHead } from '../io/style.js';
import { checkOutputTarget, outputFile, writeOutput } from '../io/write.js';
import { parseDurationMinutes } from '../traits/duration.js';

/** Options of `inspect salesforce://`. */
export interface SalesforceFlags {
  readonly table?: string[];
  readonly exclude?: string[];
  readonly sfOrgJson?: string;
  readonly apiVersion?: string;
  readonly apiReserve?: string;
  readonly requestTimeout?: string;
  readonly output?: string;
  readonly json?: boolean;
}

/** The progress line of a step. */
function progressLine(host: string, p: SalesforceProgress): string {
  if (p.step === 'describes')
    return `inspect: describing the objects of ${host}: ${p.done} of ${p.total} ...`;
  return `inspect: reading the ${p.step === 'objects' ? 'list of objects' : p.step} of ${host} ...`;
}

/** The line that says what the run will spend, before it spends it. */
export function planLine(host: string, plan: SalesforcePlan, reserveFlag: string): string {
  const left =
    plan.daily === undefined
      ? "the org's daily API requests are not known (--api-reserve 0)"
      : `the org has ${countOf(plan.daily.remaining, 'daily API request')} left (of ${countOf(plan.daily.max, 'request')}); ${countOf(plan.reserve ?? 0, 'request')} kept in reserve (--api-reserve ${reserveFlag})`;
  return `inspect: ${countOf(plan.objects, 'object')} in ${shownString(host)}: ${countOf(plan.requests, 'API request')} in all (the limits, the list of objects, ${countOf(plan.batches, 'composite describe request')} of up to 25 objects, the record counts; more if some are retried); ${left}`;
}

/** An org read live: its objects' traits, what could not be read, and what the run spent. */
export interface SalesforceRead {
  readonly host: string;
  readonly catalog: SalesforceCatalog;
  /** The parts of the org and the entries that could not be read; every other object is in `catalog`. */
  readonly problems: readonly string[];
  /** The API requests the run spent. */
  readonly requests: number;
  /** The org's daily API requests after the run, when known. */
  readonly daily: { readonly remaining: number } | undefined;
}

/**
 * Reads the org of a `salesforce://` URL as `inspect` does (`inspect` and `verify`): the flags
 * checked and a bad `-o` refused before any API request, the plan said, progress on a terminal.
 */
export async function readSalesforce(url: string, flags: SalesforceFlags): Promise<SalesforceRead> {
  const introspect = await loadIntrospect();
  const org = introspect.parseSalesforceUrl(url);
  if (!org.ok) throw usageError(org.issues[0]?.message ?? 'not a salesforce:// URL');
  const host = org.value.host;
  const reserve = introspect.parseApiReserve(
    flags.apiReserve ?? introspect.showReserve(introspect.DEFAULT_API_RESERVE),
  );
  if (!reserve.ok) throw usageError(reserve.issues[0]?.message ?? 'bad --api-reserve');
  const apiVersion = flags.apiVersion ?? introspect.DEFAULT_API_VERSION;
  if (introspect.parseApiVersion(apiVersion) === undefined)
    throw usageError(
      `--api-version expects a REST API version such as ${introspect.DEFAULT_API_VERSION}; received ${shownString(apiVersion)}`,
    );
  const timeoutMs =
    flags.requestTimeout === undefined
      ? introspect.DEFAULT_REQUEST_TIMEOUT_MS
      : parseDurationMinutes(flags.requestTimeout, '--request-timeout', 'seconds') * 60_000;
  // A bad -o fails before any API request is spent.
  const file = outputFile(flags.output);
  if (file !== undefined) checkOutputTarget(file, '-o');
  const given =
    flags.sfOrgJson === undefined
      ? introspect.tokenFromEnvironment(process.env)
      : introspect.tokenFromSfOrgJson(
          readText(flags.sfOrgJson, 'the JSON of sf org display'),
          flags.sfOrgJson === '-' ? 'stdin (--sf-org-json -)' : shownString(flags.sfOrgJson),
        );
  const token = given.ok ? introspect.checkTokenHost(given.value, org.value) : given;
  if (!token.ok) throw usageError(token.issues[0]?.message ?? 'no access token');

  const reading = await introspect.readSalesforceOrg(org.value, token.value.token, {
    apiVersion,
    reserve: reserve.value,
    timeoutMs,
    ...(flags.table === undefined ? {} : { tables: flags.table }),
    ...(flags.exclude === undefined ? {} : { exclude: flags.exclude }),
    onProgress: (p) => progress(progressLine(host, p)),
    onPlan: (plan) => {
      endProgress();
      process.stderr.write(`${planLine(host, plan, introspect.showReserve(reserve.value))}\n`);
    },
  });
  endProgress();
  if (!reading.ok)
    throw new CliError(`${reading.issues[0]?.message ?? 'reading the org failed'}`, EXIT.failed);

  const catalog = introspect.salesforceTraits(
    reading.value,
    flags.table === undefined ? {} : { objects: flags.table },
  );
  const problems = [...reading.value.warnings, ...catalog.issues.map((i) => i.message)];
  return { host, catalog, problems, requests: reading.value.requests, daily: reading.value.daily };
}

/** Runs `inspect salesforce://...`. */
export async function runInspectSalesforce(url: string, flags: SalesforceFlags): Promise<number> {
  const start = performance.now();
  const { host, catalog, problems, requests, daily } = await readSalesforce(url, flags);
  const file = outputFile(flags.output);
  // Written once the whole org is read: to stdout, or to -o's file whole (temporary file, renamed).
  if (catalog.tables.length > 0 || flags.json === true)
    writeOutput(
      flags.json === true
        ? JSON.stringify(inspectRecord(host, 'Salesforce', catalog.tables), null, 2)
        : catalog.tables.map((t) => JSON.stringify(t)).join('\n'),
      file,
      '-o',
    );
  for (const p of problems) process.stderr.write(`inspect: ${p}\n`);
  const seconds = ((performance.now() - start) / 1000).toFixed(2);
  process.stderr.write(
    `${[
      `${summaryHead('inspect')} ${countOf(catalog.tables.length, 'Salesforce object')} from ${shownString(host)} in ${seconds} s, ${countOf(requests, 'API request')}${daily === undefined ? '' : `; the org has ${countOf(daily.remaining, 'daily API request')} left`}`,
      ...(catalog.unmatched.length > 0
        ? [
            `  no object matched: ${catalog.unmatched.map((n) => `--table ${shownString(n)}`).join(', ')} (object names are matched exactly, case included)`,
          ]
        : []),
      ...(problems.length > 0
        ? [`  ${countOf(problems.length, 'part')} not read (above); every other object is written`]
        : []),
    ].join('\n')}\n`,
  );
  if (catalog.tables.length === 0)
    throw new CliError('no objects: the org listed none that could be read', EXIT.failed);
  return problems.length > 0 || catalog.unmatched.length > 0 ? EXIT.failed : EXIT.ok;
}

/**
 * Whether a 2xx answer to the query-mode PUT is the API's answer, so that it may count as applied.
 * The service documents 200 or 204 for the PUT (docs/service.md#status-codes) and JSON for its
 * bodies (the request's `accept: application/json`), but not the PUT's response body
 * (docs/service.md#endpoint). A server that is not the API (a base URL that points at a web page,
 * a proxy's sign-in page, another service) often answers any path with 200 too: counting that as
 * applied would journal a change the service never saw. So querymode's own rule, stricter than the
 * documentation, takes only what the API can answer:
 *
 * - 204, with no body (HTTP gives a 204 none);
 * - 200 with no body, unless declared a web page: the documented success status, and the PUT's
 *   response body is not documented, so its absence contradicts nothing (a server that is not the
 *   API answers a page, not nothing);
 * - 200 whose `Content-Type` is JSON (`application/json` or `application/<x>+json`) and whose body
 *   is a JSON object that does not contradict the change: not a list page (`data` an array, the
 *   envelope of the list endpoints, docs/service.md#pagination), and, when it carries a `config`
 *   with a string `mode`, that mode is the one sent.
 *
 * Anything else (another 2xx, a web page, text, a JSON array or string) is not applied: the
 * change's outcome is unknown, and it is sent again on the next run.
 *
 * @module
 */
import { isRecord } from '@querymode/core';

/** The parts of a 2xx answer the check reads. */
export interface PutAnswer {
  readonly status: number;
  /** Parsed JSON, else the text, else undefined when empty. */
  readonly body: unknown;
  /** The `Content-Type` header, when there was one. */
  readonly contentType: string | undefined;
}

/** `application/json`, `application/problem+json`: the media types of JSON, parameters aside. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
/** HTML and XHTML, the media types of a web page. */
const HTML_TYPE = /^(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i;
/** A body that starts as a web page does, whatever its declared type. */
const HTML_START = /^\s*<(?:!doctype\s+html|html|head|body)[\s>]/i;

/** Whether the answer is a web page: its declared type, or its first tag. */
export function isWebPage(answer: PutAnswer): boolean {
  const type = answer.contentType ?? '';
  return HTML_TYPE.test(type) || (typeof answer.body === 'string' && HTML_START.test(answer.body));
}

/** What a JSON value is, in words: "a JSON array". */
function jsonKind(value: unknown): string {
  if (value === null) return 'JSON null';
  if (typeof value === 'string') return 'text';
  if (Array.isArray(value)) return 'a JSON array';
  return `a JSON ${typeof value}`;
}

/**
 * Why a 2xx answer to the PUT of `sentMode` is not the API's answer, in words that follow its
 * status ("200 with a web page ..."): undefined when it is (see the module comment).
 */
export function notTheApiAnswer(answer: PutAnswer, sentMode: string): string | undefined {
  const { status, body, contentType } = answer;
  if (status === 204) return undefined;
  if (status !== 200) return 'a status the API does not answer to this request (it answers 200 or 204)';
  if (isWebPage(answer)) return 'a web page (text/html), not the API';
  if (body === undefined) return undefined;
  if (contentType === undefined || !JSON_TYPE.test(contentType)) {
    const type =
      contentType === undefined ? 'no content type' : `content type ${JSON.stringify(contentType)}`;
    return `a body of ${type}, not the API's JSON`;
  }
  if (!isRecord(body)) return `${jsonKind(body)}, not the JSON object the API answers`;
  if (Array.isArray(body.data))
    return 'a list page (`data` an array), not the answer to setting a query mode';
  const config = body.config;
  if (isRecord(config) && typeof config.mode === 'string' && config.mode !== sentMode) {
    return `a config with mode ${JSON.stringify(config.mode)}, where ${JSON.stringify(sentMode)} was sent`;
  }
  return undefined;
}

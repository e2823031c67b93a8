/**
 * Checks the mock's answers against the published document, docs/openapi.json (the JSON twin of
 * docs/openapi.yaml): the status must be declared by the operation (exactly or by its range), and
 * a body the document gives a schema must match it (ajv, JSON Schema 2020-12, strict). Requests
 * outside the documented operations (the objects list, documented outside the spec, and
 * `/__mock/*`) are not checked.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX } from '@querymode/core';
import type { MockFetch } from '@querymode/mock';
import { type AnyJson, documentValidator, REPO_ROOT } from '../../openapi/test/support.js';

/** The published document. */
export const PUBLISHED: AnyJson = JSON.parse(readFileSync(join(REPO_ROOT, 'docs', 'openapi.json'), 'utf8'));

const validatorAt = documentValidator(PUBLISHED);

/** The documented operations, as a method, a path template and a matcher. */
const OPERATIONS = Object.entries(PUBLISHED.paths as Record<string, Record<string, unknown>>).flatMap(
  ([template, item]) =>
    Object.keys(item).map((method) => ({
      method: method.toUpperCase(),
      template,
      match: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    })),
);

const token = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** One answer the document does not allow. */
export interface Violation {
  readonly request: string;
  readonly status: number;
  readonly problem: string;
}

/** Checks one answer; returns the problem, or undefined when the document allows it (or does not cover it). */
export function checkAnswer(method: string, url: string, status: number, body: string): string | undefined {
  const path = new URL(url).pathname;
  if (!path.startsWith(API_PREFIX)) return undefined;
  const route = path.slice(API_PREFIX.length);
  const op = OPERATIONS.find((o) => o.method === method && o.match.test(route));
  if (op === undefined) return undefined;
  const responses = PUBLISHED.paths[op.template][method.toLowerCase()].responses as Record<string, AnyJson>;
  const key =
    String(status) in responses
      ? String(status)
      : `${String(status)[0]}XX` in responses
        ? `${String(status)[0]}XX`
        : undefined;
  if (key === undefined) return `status ${status} is not declared by ${method} ${op.template}`;
  const declared = responses[key];
  if (declared.content === undefined) return undefined;
  const media = declared.content['application/json'];
  if (media?.schema === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `the ${status} body is not JSON`;
  }
  const validate = validatorAt(
    `/paths/${token(op.template)}/${method.toLowerCase()}/responses/${token(key)}/content/application~1json/schema`,
  );
  return validate(value)
    ? undefined
    : `the ${status} body does not match its schema: ${JSON.stringify(validate.errors)}`;
}

/** Wraps a fetch: every answer is checked, and each violation is pushed to `violations`. */
export function conformingFetch(inner: MockFetch, violations: Violation[]): MockFetch & { checked: number } {
  const wrapped = async (input: string | URL, init: RequestInit = {}) => {
    const response = await inner(input, init);
    const method = (init.method ?? 'GET').toUpperCase();
    const text = await response.clone().text();
    const problem = checkAnswer(method, String(input), response.status, text);
    wrapped.checked += 1;
    if (problem !== undefined)
      violations.push({ request: `${method} ${input}`, status: response.status, problem });
    return response;
  };
  wrapped.checked = 0;
  return wrapped;
}

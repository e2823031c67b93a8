/**
 * Paths of the API (docs/service.md#endpoint) and their segments. A segment is percent-encoded. The segments `.`
 * and `..` cannot be sent at all: the URL standard resolves them, percent-encoded or not (`%2E%2E`
 * is a double-dot segment too), so the request would go to another path; the client refuses them.
 *
 * @module
 */
import { describeValue } from '@querymode/core';
import type { ClientIssue } from './issues.js';
import { clientIssue } from './issues.js';

/** One path segment, percent-encoded (`.` and `..` are refused by {@link checkSegment}). */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment);
}

/** Checks that a path parameter is a non-empty string; pushes an issue otherwise. */
export function checkSegment(value: unknown, name: string, issues: ClientIssue[]): value is string {
  if (typeof value !== 'string') {
    issues.push(
      clientIssue(
        'invalid_type',
        [name],
        `\`${name}\`: expected a string, received ${describeValue(value)}.`,
      ),
    );
    return false;
  }
  if (value === '') {
    issues.push(clientIssue('empty_string', [name], `\`${name}\`: expected a non-empty string.`));
    return false;
  }
  if (value === '.' || value === '..') {
    issues.push(
      clientIssue(
        'unsendable_segment',
        [name],
        `\`${name}\`: "${value}" cannot be sent as a URL path segment (URLs resolve it, even percent-encoded).`,
      ),
    );
    return false;
  }
  return true;
}

/** `/pipelines/{pipeline_id}/objects/{object_name}/query-mode` (docs/service.md#endpoint), encoded. */
export function queryModePath(pipelineId: string, objectName: string): string {
  return `/pipelines/${encodeSegment(pipelineId)}/objects/${encodeSegment(objectName)}/query-mode`;
}

/** `/pipelines` (docs/service.md#pagination). */
export const PIPELINES_PATH = '/pipelines';

/**
 * `/pipelines/{pipeline_id}/objects`: a list paginated like `/pipelines`; the service's API
 * documentation does not show it (docs/service.md#object-list).
 */
export function objectsPath(pipelineId: string): string {
  return `/pipelines/${encodeSegment(pipelineId)}/objects`;
}

/**
 * Paths of the API (spec 4) and their segments. A segment is percent-encoded, and the dot
 * segments `.` and `..` are encoded too, since a URL parser would otherwise resolve them and send
 * the request to another path.
 *
 * @module
 */
import { describeValue } from '@querymode/core';
import type { ClientIssue } from './issues.js';
import { clientIssue } from './issues.js';

/** One path segment, percent-encoded; `.` and `..` as `%2E` and `%2E%2E`. */
export function encodeSegment(segment: string): string {
  if (segment === '.' || segment === '..') return segment.replace(/\./g, '%2E');
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
  return true;
}

/** `/pipelines/{pipeline_id}/objects/{object_name}/query-mode` (spec 4.1), encoded. */
export function queryModePath(pipelineId: string, objectName: string): string {
  return `/pipelines/${encodeSegment(pipelineId)}/objects/${encodeSegment(objectName)}/query-mode`;
}

/** `/pipelines` (spec 4.2). */
export const PIPELINES_PATH = '/pipelines';

/**
 * `/pipelines/{pipeline_id}/objects`: documented outside the spec (a list paginated like
 * `/pipelines`); the spec does not show it.
 */
export function objectsPath(pipelineId: string): string {
  return `/pipelines/${encodeSegment(pipelineId)}/objects`;
}

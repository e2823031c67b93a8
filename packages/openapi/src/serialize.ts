/**
 * Serialisation of the document to JSON and YAML, stable byte for byte for the same document.
 *
 * @module
 */
import { stringify } from 'yaml';
import type { OpenApiDocument } from './build.js';

/** The document as JSON: two-space indentation and a final newline. */
export function openApiToJson(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * The document as YAML 1.2: no anchors or aliases (shared objects are written out), no folded
 * lines, and long texts as block scalars.
 */
export function openApiToYaml(document: OpenApiDocument): string {
  return stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/**
 * What each operation module gives the document builder.
 *
 * @module
 */
import type { JsonSchema } from '@querymode/core/schemas';
import type { PathItemObject } from 'openapi3-ts/oas31';

/** One path of the document, with the schema components its operations use. */
export interface PathEntry {
  /** The path, relative to the servers' URLs (which end with the version prefix). */
  readonly path: string;
  /** The path item. */
  readonly item: PathItemObject;
  /** The named schemas the path item references. */
  readonly components: Readonly<Record<string, JsonSchema>>;
}

/**
 * The registry that carries the metadata of the core schemas (component ids, titles,
 * descriptions) to the JSON Schema and OpenAPI emitters. It is core's own registry, not zod's
 * global one.
 *
 * @module
 */
import { z } from 'zod';

/** Metadata of a schema: a component id for named components, a title and a description. */
export interface SchemaMeta {
  readonly id?: string;
  readonly title?: string;
  readonly description?: string;
}

/** The metadata of core's schemas. Pass it as `metadata` to `z.toJSONSchema`. */
export const queryModeRegistry = z.registry<SchemaMeta>();

/**
 * The commands that need zod's schemas, the JSON Schema converter, YAML and the OpenAPI builder:
 * `schema` and `openapi`; and `verify`, whose records' schemas live beside their builder. The build compiles this chunk only when one of them runs (see
 * `load-heavy.ts` and `build.mjs`), so every other command starts without parsing it.
 *
 * @module
 */
export { runOpenapi } from '../commands/openapi.js';
export { runSchema } from '../commands/schema.js';
export { runVerify } from '../commands/verify.js';

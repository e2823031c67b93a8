/**
 * The commands that need zod's schemas, the JSON Schema converter, YAML and the OpenAPI builder:
 * `schema` and `openapi`; and the words `verify` gives a plan record it refuses (core's schema of
 * the record). The build compiles this chunk only when one of them needs it (see `load-heavy.ts`
 * and `build.mjs`), so every other command starts without parsing it, and `verify` of a sound plan
 * too: compiling and running the chunk took 60 ms of verify's 1.1 s of CPU on 10,000 tables
 * (`pnpm bench verify`).
 *
 * @module
 */
export { runOpenapi } from '../commands/openapi.js';
export { runSchema } from '../commands/schema.js';
export { plannedRecordProblem } from '../verify/planned-record-schema.js';

/**
 * The commands that talk HTTP: `mock` (the mock server) and `apply` (the client). The build
 * compiles this chunk only when one of them runs (see `load-net.ts` and `build.mjs`), so every
 * other command starts without parsing it.
 *
 * @module
 */
export { runApplyCommand } from '../commands/apply.js';
export { runMock } from '../commands/mock.js';

/**
 * Where the benchmark suites find the repository and the built CLI.
 *
 * @module
 */
import { join } from 'node:path';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '..', '..');

/** The bundled `querymode` bin (`pnpm run build` writes it). */
export const CLI_BIN = join(ROOT, 'packages', 'cli', 'dist', 'querymode.cjs');

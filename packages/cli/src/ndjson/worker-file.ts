/**
 * Where the script of the NDJSON worker threads is (`lazy/ndjson-worker.ts`): the same code runs
 * from source and in the bundle, and both start worker threads.
 *
 * - In the bundle (CommonJS, `dist/querymode.cjs`), the script is `dist/ndjson-worker.cjs` beside
 *   it, which the build writes from `lazy/ndjson-worker.ts`.
 * - From source (`tsx --conditions=source src/main.ts`), the script is `lazy/ndjson-worker.ts`
 *   itself. A worker thread does not inherit tsx's loader from the main thread, so it starts from a
 *   two-line module that registers the loader, then imports the script.
 *
 * @module
 */
import { dirname, join } from 'node:path';

/** The worker script: a file path in the bundle, a `data:` module URL from source. */
export function ndjsonWorkerFile(): string | URL {
  if (typeof __filename === 'string' && __filename.endsWith('.cjs'))
    return join(dirname(__filename), 'ndjson-worker.cjs');
  const script = new URL('../lazy/ndjson-worker.ts', import.meta.url).href;
  const loader = import.meta.resolve('tsx/esm/api');
  const start = `import { register } from ${JSON.stringify(loader)};\nregister();\nawait import(${JSON.stringify(script)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(start)}`);
}

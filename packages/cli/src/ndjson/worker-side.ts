/**
 * The worker thread's half of `pool.ts`: answers each batch the main thread posts with the output
 * of `runBatch`, the same function the main thread runs.
 *
 * @module
 */
import { parentPort } from 'node:worker_threads';
import { type LineHandlers, runBatch } from './batch.js';
import type { BatchRequest, WorkerMessage } from './pool.js';

/** Says it is ready, then serves batches with `handlers` until the main thread ends this worker. */
export function serveBatches(handlers: LineHandlers): void {
  const port = parentPort;
  if (port === null) throw new Error('serveBatches runs in a worker thread');
  port.on('message', ({ id, batch }: BatchRequest) => {
    port.postMessage({ id, output: runBatch(batch, handlers) } satisfies WorkerMessage);
  });
  port.postMessage({ ready: true } satisfies WorkerMessage);
}

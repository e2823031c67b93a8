/**
 * The script of the worker threads of `recommend --ndjson` (see `ndjson/pool.ts`): it serves
 * batches of lines with `recommendHandlers`, the options and level of detail of the run coming as
 * `workerData`. The build writes it to a file of its own, `dist/ndjson-worker.cjs` (core and the
 * line function only), and `ndjson/worker-file.ts` tells the stream where it is (from source, this
 * file itself).
 *
 * @module
 */
import { workerData } from 'node:worker_threads';
import { type RecommendWorkerData, recommendHandlers } from '../commands/recommend/line.js';
import { serveBatches } from '../ndjson/worker-side.js';

serveBatches(recommendHandlers(workerData as RecommendWorkerData));

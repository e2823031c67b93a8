/**
 * Worker threads that process batches of NDJSON lines (`batch.ts`) in parallel, for the stream
 * driver (`stream.ts`), which writes their outputs in input order.
 *
 * Each worker runs a script that serves batches (`serveBatches` in `worker-side.ts`) with the
 * same line function as the main thread. A worker takes some tens of milliseconds to start; it
 * gets batches once it says it is ready, the one with the fewest batches in hand first. Nothing
 * is lost when a worker fails (it cannot start, it crashes, it runs out of memory): its batches,
 * and every batch after them, are processed in the main thread instead, so the output is the
 * same, only slower.
 *
 * @module
 */
import type { Worker } from 'node:worker_threads';
import { type BatchOutput, type LineBatch, type LineHandlers, runBatch } from './batch.js';

/** What the main thread posts to a worker. */
export interface BatchRequest {
  readonly id: number;
  readonly batch: LineBatch;
}

/** What a worker posts back: the output of a batch, or, once, that it is ready for batches. */
export type WorkerMessage = { readonly id: number; readonly output: BatchOutput } | { readonly ready: true };

/** How to start the workers. */
export interface PoolOptions {
  /** The script each worker runs (it calls `serveBatches`). */
  readonly file: string | URL;
  /** Data for the script, as `workerData` (the line function's options, say). */
  readonly workerData: unknown;
  /** How many workers. */
  readonly size: number;
  /** The same line handlers in the main thread, for the batches of a worker that failed. */
  readonly fallback: LineHandlers;
  /** Called when a worker is ready for batches, and when one fails (with why): signals that are not timing. */
  readonly onWorker?: (event: WorkerEvent) => void;
}

/** What `PoolOptions.onWorker` is told: a worker is ready, or one failed and why. */
export type WorkerEvent = { readonly ready: true } | { readonly failed: string };

/**
 * The young generation of a worker's heap, in MB. A batch's garbage dies young, so a small one
 * saves memory (with 2 threads, 1,000,000 tables peak near 170 MB against 193 MB with V8's
 * default); below 12 MB its scavenges cost CPU time (8 MB: 2% more over 1,000,000 tables, where
 * 16 MB peaked at 217 MB; the history in `docs/benchmarks.md`).
 */
const WORKER_YOUNG_GENERATION_MB = 12;

interface Job {
  readonly batch: LineBatch;
  readonly resolve: (output: BatchOutput) => void;
}

interface Slot {
  readonly worker: Worker;
  readonly jobs: Map<number, Job>;
  /** Whether the worker has loaded its script and listens for batches. */
  ready: boolean;
  /** Whether it has answered a batch. */
  worked: boolean;
}

/** A pool of worker threads; `run` processes a batch, `close` ends every worker. */
export interface WorkerPool {
  /** Processes `batch` in the ready worker with the fewest batches in hand (in the main thread if there is none). */
  run(batch: LineBatch): Promise<BatchOutput>;
  /** The batches posted to the workers and not yet answered. */
  inHand(): number;
  /** The workers ready for batches (a worker takes some tens of milliseconds to start). */
  size(): number;
  /** How many workers answered at least one batch. */
  workersThatWorked(): number;
  /** Why the first worker that failed did (its batches, and the ones after, ran in the main thread). */
  failure(): string | undefined;
  /** Ends every worker (the batches still in hand are dropped: call it once every output is written). */
  close(): Promise<void>;
}

/** Starts `options.size` workers. */
export async function startWorkerPool(options: PoolOptions): Promise<WorkerPool> {
  let nextId = 0;
  let closing = false;
  const slots: Slot[] = []; // the workers still running
  const all: Slot[] = []; // every worker started

  let firstFailure: string | undefined;
  const retire = (slot: Slot, why: string) => {
    const at = slots.indexOf(slot);
    if (at === -1) return;
    firstFailure ??= why;
    options.onWorker?.({ failed: why });
    slots.splice(at, 1);
    void slot.worker.terminate();
    for (const job of slot.jobs.values()) job.resolve(runBatch(job.batch, options.fallback));
    slot.jobs.clear();
  };

  // Loaded here, not at start: a single-table recommend has no use for it (the build lowers import() to a require).
  const { Worker } = await import('node:worker_threads');
  for (let i = 0; i < options.size; i++) {
    const worker = new Worker(options.file, {
      workerData: options.workerData,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    const slot: Slot = { worker, jobs: new Map(), ready: false, worked: false };
    all.push(slot);
    worker.on('message', (reply: WorkerMessage) => {
      if ('ready' in reply) {
        slot.ready = true;
        options.onWorker?.({ ready: true });
        return;
      }
      const job = slot.jobs.get(reply.id);
      if (job === undefined) return;
      slot.jobs.delete(reply.id);
      slot.worked = true;
      job.resolve(reply.output);
    });
    worker.on('error', (error) => retire(slot, error.message));
    worker.on('exit', (code) => {
      if (!closing) retire(slot, `it exited with code ${code}`);
    });
    slots.push(slot);
  }

  return {
    run(batch) {
      let slot: Slot | undefined;
      for (const s of slots) if (s.ready && (slot === undefined || s.jobs.size < slot.jobs.size)) slot = s;
      if (slot === undefined) return Promise.resolve(runBatch(batch, options.fallback));
      const id = nextId++;
      const jobs = slot.jobs;
      const worker = slot.worker;
      return new Promise<BatchOutput>((resolve) => {
        jobs.set(id, { batch, resolve });
        // Copied, not transferred: the main thread keeps the bytes until the reply, for the fallback.
        worker.postMessage({ id, batch } satisfies BatchRequest);
      });
    },
    inHand() {
      let n = 0;
      for (const slot of slots) n += slot.jobs.size;
      return n;
    },
    size() {
      let n = 0;
      for (const slot of slots) if (slot.ready) n++;
      return n;
    },
    workersThatWorked() {
      return all.filter((slot) => slot.worked).length;
    },
    failure() {
      return firstFailure;
    },
    async close() {
      closing = true;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
      slots.length = 0;
    },
  };
}

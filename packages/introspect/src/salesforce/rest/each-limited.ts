/**
 * Bounded concurrency for the reader's composite requests: a few in flight at once, started in
 * order, none started once the run is halted.
 *
 * @module
 */

/** Composite requests in flight at once (querymode's choice: a few, to spare the org). */
export const DEFAULT_CONCURRENCY = 3;

/** Runs `work` on each item, `limit` at a time, in order of start; stops starting once `halt()` says so. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  halt: () => boolean,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !halt()) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/**
 * A description of the machine a benchmark ran on.
 *
 * @module
 */
import { arch, availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';

/** Node version, CPU model, cores, OS and memory, on one line. */
export function describeMachine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const cores = availableParallelism();
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB RAM`;
  return `Node ${process.version}, ${cpu}, ${cores} core${cores === 1 ? '' : 's'}, ${platform()} ${release()} ${arch()}, ${memory}`;
}

/** The 1-minute load average, as a note on how busy the machine was (other processes skew figures). */
export function describeLoad(): string {
  return `load average ${(loadavg()[0] ?? 0).toFixed(2)} over the last minute`;
}

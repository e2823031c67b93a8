/**
 * Hostile output targets for the CLI's fault tests, each made under a fresh temporary directory
 * (never a system path): a full tmpfs, a procfs mount, a device node, a FIFO. Mounting and
 * mknod need root; `canMount()` says whether this machine allows them, so that tests skip with
 * a reason where it does not.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether this process may mount file systems and make device nodes (root, and mount allowed). */
export function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const dir = mkdtempSync(join(tmpdir(), 'querymode-mount-probe-'));
  try {
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4k', 'tmpfs', dir]);
    if (r.status !== 0) return false;
    spawnSync('umount', [dir]);
    return true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A directory with something mounted on it, and how to unmount and remove it. */
export interface Mounted {
  readonly dir: string;
  readonly dispose: () => void;
}

/** Mounts `type` (`tmpfs`, `proc`) with `options` on a new directory under a new temporary directory. */
export function mountTemporary(type: string, options: readonly string[] = []): Mounted {
  const parent = mkdtempSync(join(tmpdir(), `querymode-${type}-`));
  const dir = join(parent, 'mnt');
  mkdirSync(dir);
  execFileSync('mount', ['-t', type, ...(options.length ? ['-o', options.join(',')] : []), type, dir]);
  return {
    dir,
    dispose: () => {
      spawnSync('umount', [dir]);
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

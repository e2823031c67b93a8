import { MODES } from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('querymode --help', () => {
  it('aligns the mode list in columns and wraps each description inside its column (issue 8)', () => {
    const r = runCli(['--help']);
    expect(r.status).toBe(0);
    const block =
      (r.stdout.split('Modes (new objects start at full_load):\n')[1] ?? '').split('\n\n')[0] ?? '';
    const lines = block.split('\n');
    const column = (lines[0] ?? '').indexOf(MODES[0]?.summary.split(' ')[0] ?? '?');
    expect(column).toBeGreaterThan(0);
    let modes = 0;
    for (const line of lines) {
      expect(line.length, line).toBeLessThanOrEqual(80);
      const mode = MODES.find((m) => line.startsWith(`  ${m.id} `));
      if (mode) modes++;
      else expect(line.slice(0, column).trim(), `continuation at column 0: ${line}`).toBe('');
      expect(line[column], line).not.toBe(' ');
    }
    expect(modes).toBe(MODES.length);
    // Every word of every summary is there, in order.
    expect(block.replace(/\s+/g, ' ')).toContain(MODES.map((m) => `${m.id} ${m.summary}`).join(' '));
  });
});

describe('querymode help', () => {
  it('prints the help and exits 0, for the program and for a command, as --help does', () => {
    for (const args of [['help'], ['help', 'recommend']]) {
      const r = runCli(args);
      expect(r.status, args.join(' ')).toBe(0);
      expect(r.stdout).toBe(runCli([...args.slice(1), '--help']).stdout);
    }
  });

  it('exits 2 for a command that does not exist', () => {
    const r = runCli(['help', 'recomend']);
    expect(r.status).toBe(2);
  });
});

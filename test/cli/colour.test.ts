/**
 * Colour (issue 36, item 19): every command's human output is coloured through one helper
 * (`io/style.ts`) on a terminal or with FORCE_COLOR, and never with NO_COLOR or into a pipe.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

const ESC = '\u001b[';
/** A colour code, `ESC [ n m`. */
const CODE = new RegExp(`${ESC.replace('[', '\\[')}\\d+m`);
const TABLE = ['--rows', '1000', '--column', 'id:bigint:primary-key:auto-increment', '--inserts', 'yes'];

/** Each command with a human output, and the stream it writes it to. */
function runs(): { args: string[]; stream: 'stdout' | 'stderr' }[] {
  const dir = tempDir();
  const body = join(dir, 'body.json');
  writeFileSync(body, JSON.stringify({ config: { mode: 'full_load', historical_enabled: false } }));
  const traits = join(dir, 'tables.ndjson');
  writeFileSync(traits, `${JSON.stringify({ table: 'shop.orders', rows: 10 })}\n`);
  return [
    { args: ['modes'], stream: 'stdout' },
    { args: ['explain', 'incrementing'], stream: 'stdout' },
    { args: ['validate', body], stream: 'stdout' },
    { args: ['recommend', ...TABLE], stream: 'stdout' },
    { args: ['estimate', ...TABLE, '--inserts-per-day', '50'], stream: 'stdout' },
    { args: ['plan', '--from', 'full_load', '--to', 'incrementing', ...TABLE], stream: 'stdout' },
    { args: ['recommend', '--ndjson', traits], stream: 'stderr' },
    { args: ['report', traits, '-o', join(dir, 'page.html')], stream: 'stderr' },
    { args: ['validate', join(dir, 'missing.json')], stream: 'stderr' },
  ];
}

describe('colour', () => {
  it('colours every command with FORCE_COLOR, and none with NO_COLOR or into a pipe', () => {
    for (const { args, stream } of runs()) {
      const what = args.slice(0, 2).join(' ');
      const forced = runCli(args, { env: { NO_COLOR: '', FORCE_COLOR: '1' } });
      expect(forced[stream], `${what} with FORCE_COLOR`).toContain(ESC);
      const off = runCli(args, { env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
      expect(off.stdout + off.stderr, `${what} with NO_COLOR`).not.toContain(ESC);
      const piped = runCli(args, { env: { NO_COLOR: '' } });
      expect(piped.stdout + piped.stderr, `${what} into a pipe`).not.toContain(ESC);
      // The same words either way: colour adds codes, never text.
      expect(
        forced[stream]
          .split(CODE)
          .join('')
          .replace(/in \d+\.\d+ s \(\d+/, ''),
        what,
      ).toBe(piped[stream].replace(/in \d+\.\d+ s \(\d+/, ''));
    }
  });
});

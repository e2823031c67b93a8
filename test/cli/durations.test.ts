/**
 * Durations and the secrets around them (issue 36, item 11): a bare number given to a timeout is
 * seconds, as libpq, psql, mysql and sqlcmd read it; every duration option's help names its unit;
 * an echoed value is never masked for containing the password's letters, while the password is.
 */
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli, runCliStreaming } from './run-cli.js';

/** The commands of `querymode --help`. */
function commands(): string[] {
  const help = runCli(['--help']).stdout;
  const block = help.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
  return [...block.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1] ?? '').filter((c) => c !== 'help');
}

/** Each option of a help text with its description, continuation lines joined. */
function options(help: string): { spec: string; text: string }[] {
  const out: { spec: string; text: string }[] = [];
  for (const line of (help.split('\nOptions:\n')[1] ?? '').split('\n\n')[0]?.split('\n') ?? []) {
    const m = /^ {2}(-\S.*?)(?: {2,}(.*))?$/.exec(line);
    if (m) out.push({ spec: m[1] ?? '', text: m[2] ?? '' });
    else if (out.length > 0) (out.at(-1) as { text: string }).text += ` ${line.trim()}`;
  }
  return out;
}

describe('duration options', () => {
  it("name the unit of a bare number in every command's --help", () => {
    const seen: string[] = [];
    for (const command of commands()) {
      for (const o of options(runCli([command, '--help']).stdout)) {
        if (!o.spec.includes('<duration>')) continue;
        seen.push(`${command} ${o.spec}`);
        const unit = /timeout/.test(o.spec) ? 'seconds' : 'minutes';
        expect(o.text, `${command} ${o.spec}`).toMatch(new RegExp(`\\b${unit}, or \\d`));
      }
    }
    // inspect's and verify's timeouts and --observe, the spans, the traits' durations.
    expect(seen).toEqual(
      expect.arrayContaining([
        'inspect --connect-timeout <duration>',
        'inspect --statement-timeout <duration>',
        'verify --connect-timeout <duration>',
        'inspect --observe <duration>',
        'recommend --horizon <duration>',
        'recommend --retention <duration>',
        'demo --horizon <duration>',
      ]),
    );
  });

  it('reads a bare number given to a timeout as seconds (a silent server fails, naming it)', async () => {
    const sockets = new Set<Socket>();
    // Accepts connections on 127.0.0.1 and says nothing, for as long as the test runs.
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      // The message names the timeout it waited (read as minutes, `1` would be 60 s), so the test
      // reads the unit from what the run says, not from how long it took.
      const r = await runCliStreaming(
        ['inspect', `postgres://u:p@127.0.0.1:${port}/db`, '--connect-timeout', '1'],
        async () => undefined,
      );
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('cannot connect to');
      expect(r.stderr).toContain('no connection within the connect timeout of 1 s (--connect-timeout)');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('refuses a duration it cannot read, naming the unit of a bare number', () => {
    const r = runCli(['inspect', 'postgres://u@127.0.0.1:1/db', '--statement-timeout', 'soon']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--statement-timeout expects a duration: a number of seconds, or 30s');
  });
});

describe('redaction of the password in messages', () => {
  it('leaves a value that only contains the password whole', () => {
    const r = runCli(['inspect', 'postgres://u:b@127.0.0.1:1/db', '--connect-timeout', 'abc']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('received "abc"');
    expect(r.stderr).not.toContain('***');
  });

  it('still hides the password wherever it stands alone', () => {
    for (const password of ['b', 'hunter2', 'pa:ss@w/rd#S3cret']) {
      const url = `postgres://u:${encodeURIComponent(password)}@127.0.0.1:1/db`;
      const r = runCli(['inspect', url, '--connect-timeout', password]);
      expect(r.status, password).toBe(2);
      expect(r.stderr, password).toContain('received "***"');
      if (password.length > 1) expect(r.stderr, password).not.toContain(password);
    }
  });
});

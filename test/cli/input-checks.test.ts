/**
 * Input that is checked (issue 8): invalid UTF-8 is an error with its byte position, a key twice
 * in one object is an error with both positions (a warning with `validate --fix`), JSON errors
 * read as sentences, and a bad `--server` names the value.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ndjsonRecords, runCli, tempDir } from './run-cli.js';

/** Runs the bin with raw bytes on stdin (runCli takes text). */
function runWithBytes(args: readonly string[], bytes: Buffer) {
  const dir = tempDir();
  const file = join(dir, 'input');
  writeFileSync(file, bytes);
  return { ...runCli(args.map((a) => (a === '@file' ? file : a))), file };
}

describe('invalid UTF-8', () => {
  const body = Buffer.concat([
    Buffer.from('{"config":{"mode":"timestamp","timestamp_column_name":"upd'),
    Buffer.from([0xff]),
    Buffer.from('"}}'),
  ]);

  it('in a body file is an error with its byte position, not U+FFFD (exit 1)', () => {
    const r = runWithBytes(['validate', '@file'], body);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `querymode: body is not valid UTF-8 (${r.file}: byte 59, line 1, column 59): byte 0xff cannot appear in UTF-8; save it as UTF-8 (it may be Latin-1 or Windows-1252)\n`,
    );
  });

  it('in traits and in --fix input too', () => {
    expect(runWithBytes(['validate', '--fix', '@file'], body).stderr).toContain('byte 59');
    const traits = Buffer.concat([
      Buffer.from('{"table":"caf'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const r = runWithBytes(['recommend', '--traits', '@file'], traits);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('traits is not valid UTF-8');
    expect(r.stderr).toContain(
      'byte 14, line 1, column 14): byte 0xc3 starts a 2-byte character that byte 0x28 does not continue',
    );
  });

  it('on an NDJSON line is an error record with its position; the other lines go on', () => {
    const good = '{"rows":10,"columns":[{"name":"id","type":"bigint"}]}';
    const bad = Buffer.concat([Buffer.from('{"table":"t'), Buffer.from([0xe2, 0x82]), Buffer.from('"}')]);
    const input = Buffer.concat([Buffer.from(`${good}\n`), bad, Buffer.from(`\n${good}\n`)]);
    const r = runWithBytes(['recommend', '--ndjson', '--input', '@file'], input);
    expect(r.status).toBe(1);
    const out = ndjsonRecords(r.stdout);
    expect(out.map((o) => [o.line, o.ok])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(out[1].error).toEqual({
      code: 'invalid_utf8',
      message:
        'line 2: not valid UTF-8 at byte 12 of the line: byte 0xe2 starts a 3-byte character that byte 0x22 does not continue',
    });
    expect(r.stdout).not.toContain('\ufffd');
  });
});

describe('duplicate keys', () => {
  const twice = '{"config": {"mode": "full_load",\n  "mode": "timestamp", "timestamp_column_name": "u"}}';

  it('are an error naming both positions (exit 1)', () => {
    const r = runCli(['validate'], { input: twice });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'querymode: body has the key "mode" twice in config (stdin:1:13 and stdin:2:3); JSON keeps only the last value, so remove one of them\n',
    );
  });

  it('are a warning with validate --fix (the last value is used), also in --json', () => {
    const r = runCli(['validate', '--fix'], { input: twice });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(
      'warning: body has the key "mode" twice in config (stdin:1:13 and stdin:2:3); the last value is used',
    );
    expect(JSON.parse(r.stdout).config.mode).toBe('timestamp');
    const j = JSON.parse(runCli(['validate', '--fix', '--json'], { input: twice }).stdout);
    expect(j.warnings[0]).toMatchObject({ code: 'duplicate_key', path: ['config'] });
  });

  it('in traits, in a nested object, and with an escaped spelling of the same key', () => {
    const dir = tempDir();
    const file = join(dir, 't.json');
    writeFileSync(file, '{"rows": 5, "columns": [{"name": "id", "type": "int", "n\\u0061me": "x"}]}');
    const r = runCli(['recommend', '--traits', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`the key "name" twice in columns.0 (${file}:1:26 and ${file}:1:55)`);
  });

  it('on an NDJSON line are an error record', () => {
    const r = runCli(['recommend', '--ndjson'], {
      input: '{"rows":10,"rows":20000000,"columns":[{"name":"id","type":"bigint"}]}\n',
    });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).error).toEqual({
      code: 'duplicate_key',
      message:
        'line 1: the key "rows" appears twice in the top-level object (columns 2 and 12); JSON would keep only the last value',
    });
  });

  it('are not found where there are none, even with colons inside strings', () => {
    const r = runCli(['validate'], {
      input:
        '{"config":{"mode":"timestamp","timestamp_column_name":"a:b:c","timestamp_delay_interval_ms":"1"}}',
    });
    expect(r).toMatchObject({ status: 0, stderr: '' });
  });
});

describe('JSON errors read as sentences', () => {
  const cases: [string, string][] = [
    ['{"config":', 'body is not valid JSON (stdin:1:11): the input ends where a value was expected'],
    [
      '{"config": {"mode": "full_load",}}',
      'body is not valid JSON (stdin:1:33): expected a property name after the comma but found "}"; remove the trailing comma',
    ],
    [
      "{'config': {}}",
      'body is not valid JSON (stdin:1:2): expected a property name in double quotes but found "\'"',
    ],
    [
      '{"config": {"mode": "full_load"}} {}',
      'body is not valid JSON (stdin:1:35): found "{" after the end of the JSON value; a document holds one value',
    ],
  ];
  for (const [input, message] of cases) {
    it(JSON.stringify(input), () => {
      const r = runCli(['validate'], { input });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`querymode: ${message}\n`);
      expect(r.stderr).not.toMatch(/unexpected the/);
    });
  }
});

describe('openapi --server', () => {
  it('names a value that is not a URL, in a sentence (exit 2)', () => {
    const r = runCli(['openapi', '--server', 'notaurl']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'querymode: --server "notaurl" is not usable: its URL must be an origin such as `https://<regional host>` (scheme and host, an optional port, no path); give URL or NAME=URL, such as https://eu.example.invalid or eu=https://eu.example.invalid\n',
    );
    expect(r.stderr).not.toMatch(/\.;|value 1 \(/);
  });
});

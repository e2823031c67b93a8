import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLUMN_NAME_PATTERN, MILLISECONDS_PATTERN, MODES, QUERY_MODES } from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../packages/cli/package.json'), 'utf8'));

describe('querymode (global behaviour)', () => {
  it('prints its version', () => {
    const r = runCli(['--version']);
    expect(r).toMatchObject({ status: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('lists every mode of the catalogue in --help', () => {
    const r = runCli(['--help']);
    expect(r.status).toBe(0);
    for (const mode of MODES) expect(r.stdout).toContain(mode.id);
    expect(r.stdout).toContain('Exit codes');
  });

  it('has --help with examples for every command', () => {
    for (const cmd of [
      'modes',
      'explain',
      'validate',
      'recommend',
      'estimate',
      'plan',
      'openapi',
      'schema',
    ]) {
      const r = runCli([cmd, '--help']);
      expect(r.status, cmd).toBe(0);
      expect(r.stdout, cmd).toContain('Examples:');
      expect(r.stdout, cmd).toContain(`querymode ${cmd}`);
    }
  });

  it('rejects an unknown command or flag in one line with a suggestion, exit 2', () => {
    const a = runCli(['recomend']);
    expect(a.status).toBe(2);
    expect(a.stderr.trim().split('\n')).toHaveLength(1);
    expect(a.stderr).toContain('recommend');
    const b = runCli(['recommend', '--rowz', '5']);
    expect(b.status).toBe(2);
    expect(b.stderr.trim().split('\n')).toHaveLength(1);
    expect(b.stderr).toContain('--rows');
    expect(b.stdout).toBe('');
  });
});

describe('querymode modes', () => {
  it('prints a table of every mode', () => {
    const r = runCli(['modes']);
    expect(r.status).toBe(0);
    for (const mode of MODES) {
      const line = r.stdout.split('\n').find((l) => l.startsWith(`${mode.id} `));
      expect(line, mode.id).toBeDefined();
      expect(line).toContain(mode.captures.inserts.text);
    }
  });
  it('prints the catalogue as JSON', () => {
    const r = runCli(['modes', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).modes.map((m: { id: string }) => m.id)).toEqual(QUERY_MODES);
  });
});

describe('querymode explain', () => {
  for (const mode of MODES) {
    it(`explains ${mode.id}`, () => {
      const r = runCli(['explain', mode.id]);
      expect(r.status).toBe(0);
      for (const f of mode.fields) expect(r.stdout).toContain(f.name);
      for (const rule of mode.rules) expect(r.stdout).toContain(rule.id);
      const j = JSON.parse(runCli(['explain', mode.id, '--json']).stdout);
      expect(j.mode).toBe(mode.id);
      expect(j.rules.map((x: { id: string }) => x.id)).toEqual(mode.rules.map((x) => x.id));
      expect(j.remedies.length).toBeGreaterThan(0);
      expect(r.stdout).toContain('Remedies');
      // Each field says what each profile expects of its value.
      for (const f of j.fields as { kind: string; expected: string; documented_expected: string }[]) {
        expect(f.documented_expected).toBe(f.kind === 'column_name' ? 'a string' : f.expected);
      }
      if (mode.fields.some((f) => f.kind === 'column_name')) {
        expect(r.stdout).toContain('Value: a string in the documented profile; a non-empty column name');
      }
    });
  }
  it('accepts another case or spacing, and suggests for a misspelling', () => {
    expect(runCli(['explain', 'Timestamp + Incrementing']).status).toBe(0);
    const r = runCli(['explain', 'timestmp']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('did you mean timestamp?');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('querymode validate', () => {
  const good = '{"config":{"mode":"timestamp","timestamp_column_name":"updated_at"}}';
  it('exits 0 for a valid body from stdin or a file', () => {
    expect(runCli(['validate', '-'], { input: good })).toMatchObject({
      status: 0,
      stdout: "valid in querymode's strict profile: mode timestamp\n",
    });
    const dir = tempDir();
    writeFileSync(join(dir, 'b.json'), good);
    expect(runCli(['validate', join(dir, 'b.json')]).status).toBe(0);
    expect(runCli(['validate'], { input: good }).status).toBe(0);
  });
  it('checks the profile it names: strict by default, documented when asked', () => {
    const bare = '{"config":{"mode":"timestamp"},"note":"kept"}';
    const strict = runCli(['validate', '-'], { input: bare });
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain("invalid in querymode's strict profile: 2 issues");
    expect(strict.stdout).toContain('the documented profile checks only that');
    const documented = runCli(['validate', '-', '--profile', 'documented', '--json'], { input: bare });
    expect(documented.status).toBe(0);
    expect(JSON.parse(documented.stdout)).toMatchObject({
      valid: true,
      profile: 'documented',
      body: { config: { mode: 'timestamp' }, note: 'kept' },
    });
    const history = '{"config":{"mode":"change_tracking","historical_enabled":true}}';
    expect(runCli(['validate', '-', '--profile', 'documented'], { input: history }).status).toBe(1);
    expect(runCli(['validate', '-', '--profile', 'loose'], { input: bare }).status).toBe(2);
    expect(runCli(['validate', '--help']).stdout).toContain('documented: only what the service');
  });
  it('refuses an empty column name or white space at either end in the strict profile only', () => {
    for (const name of ['', ' id', 'id ', '\tid', 'a"b\\c\n', '\u202eid ']) {
      const input = JSON.stringify({ config: { mode: 'incrementing', incrementing_column_name: name } });
      const strict = runCli(['validate', '-', '--json'], { input });
      expect(strict.status, JSON.stringify(name)).toBe(1);
      expect(JSON.parse(strict.stdout)).toMatchObject({
        valid: false,
        profile: 'strict',
        issues: [
          { code: 'invalid_column_name', path: ['config', 'incrementing_column_name'], profile: 'strict' },
        ],
      });
      const text = runCli(['validate', '-'], { input });
      expect(text.stdout).toContain("refused by querymode's strict profile");
      expect(text.stdout).toContain('the documented profile accepts it');
      expect(text.stdout).not.toMatch(/[\u202e\t]/);
      const documented = runCli(['validate', '-', '--profile', 'documented', '--json'], { input });
      expect(documented.status, JSON.stringify(name)).toBe(0);
      expect(JSON.parse(documented.stdout).body).toEqual(JSON.parse(input));
    }
    // --fix trims where the profile refuses the name, and keeps it where the profile accepts it.
    const padded = JSON.stringify({ config: { mode: 'incrementing', incrementing_column_name: ' id ' } });
    const fixed = runCli(['validate', '-', '--fix'], { input: padded });
    expect(fixed.status).toBe(0);
    expect(JSON.parse(fixed.stdout).config.incrementing_column_name).toBe('id');
    expect(fixed.stderr).toContain('trimmed white space');
    const kept = runCli(['validate', '-', '--fix', '--profile', 'documented'], { input: padded });
    expect(kept.status).toBe(0);
    expect(JSON.parse(kept.stdout).config.incrementing_column_name).toBe(' id ');
    expect(kept.stderr).not.toContain('trimmed');
  });
  it('exits 1 with the issues for an invalid body', () => {
    const r = runCli(['validate', '-'], {
      input: '{"config":{"mode":"timestamp","timestamp_colum_name":"x"}}',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('unknown_field');
    expect(r.stdout).toContain('did you mean `config.timestamp_column_name`?');
    const j = JSON.parse(runCli(['validate', '--json'], { input: '{"config":{}}' }).stdout);
    expect(j).toMatchObject({
      valid: false,
      body: null,
      issues: [{ code: 'missing_field', path: ['config', 'mode'] }],
    });
  });
  it('reports bad JSON with its line and column (exit 1)', () => {
    const r = runCli(['validate', '-'], { input: '{\n  "config": {\n    "mode": "full_load",\n  }\n}' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/stdin:4:3/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
  it('reports a missing file and an empty stdin in one line (exit 2)', () => {
    const a = runCli(['validate', '/nonexistent/body.json']);
    expect(a.status).toBe(2);
    expect(a.stderr).toBe('querymode: body file not found: /nonexistent/body.json\n');
    const b = runCli(['validate', '-'], { input: '' });
    expect(b.status).toBe(2);
    expect(b.stderr.trim().split('\n')).toHaveLength(1);
    expect(b.stderr).toContain('no body on stdin');
  });
  it('--fix prints the normalised body and the changes made', () => {
    const r = runCli(['validate', '--fix'], {
      input: '{"mode":"Timestamp","timestamp_column_name":"updated_at","timestamp_delay_interval_ms":60000}',
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      config: {
        mode: 'timestamp',
        timestamp_column_name: 'updated_at',
        timestamp_delay_interval_ms: '60000',
      },
    });
    expect(r.stderr).toContain('wrapped the bare config');
    expect(r.stderr).toContain('converted the number 60000');
  });
  it('checks a body against table traits with --traits: error findings make it invalid (exit 1)', () => {
    const dir = tempDir();
    const body = '{"config":{"mode":"timestamp","timestamp_column_name":"updated_at"}}';
    const traits = (nullable: boolean) =>
      JSON.stringify({
        table: 'shop.orders',
        source: 'postgresql',
        columns: [{ name: 'updated_at', type: 'timestamptz', nullable, set_on_update: true }],
        changes: { inserts: 'no', updates: 'yes' },
      });
    writeFileSync(join(dir, 'good.json'), traits(false));
    writeFileSync(join(dir, 'bad.json'), traits(true));
    const good = runCli(['validate', '--traits', join(dir, 'good.json'), '--json'], { input: body });
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ valid: true });
    const bad = runCli(['validate', '--traits', join(dir, 'bad.json')], { input: body });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('timestamp.column_not_null');
    expect(bad.stdout).toContain('SET NOT NULL');
    const j = JSON.parse(
      runCli(['validate', '--traits', join(dir, 'bad.json'), '--json'], { input: body }).stdout,
    );
    expect(j.valid).toBe(false);
    expect(
      j.findings.some(
        (f: { severity: string; rule: string }) =>
          f.severity === 'error' && f.rule === 'timestamp.column_not_null',
      ),
    ).toBe(true);
  });

  it('refuses to read both the body and the traits from stdin (exit 2)', () => {
    const r = runCli(['validate', '-', '--traits', '-'], { input: '{}' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('stdin can feed only one input');
  });

  it('never prints a stack trace for a user error unless --debug', () => {
    const r = runCli(['validate', '/nonexistent']);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const d = runCli(['validate', '/nonexistent', '--debug']);
    expect(d.stderr).toMatch(/\n\s+at /);
  });
});

describe('querymode schema', () => {
  it('prints the JSON Schema of the body with a component per mode', () => {
    const r = runCli(['schema']);
    expect(r.status).toBe(0);
    const schema = JSON.parse(r.stdout);
    expect(schema.$schema).toContain('2020-12');
    expect(Object.keys(schema.$defs)).toHaveLength(MODES.length + 1);
  });
  it('prints the JSON Schema of table traits', () => {
    const r = runCli(['schema', 'traits']);
    expect(r.status).toBe(0);
    expect(JSON.stringify(JSON.parse(r.stdout))).toContain('columns');
  });
  it('rejects another kind', () => {
    expect(runCli(['schema', 'pipeline']).status).toBe(2);
  });
  it("prints the body in querymode's strict profile, or as the service documents it with --profile documented", () => {
    const strict = JSON.parse(runCli(['schema']).stdout);
    expect(strict.$defs.TimestampConfig.required).toEqual(['mode', 'timestamp_column_name']);
    expect(strict.$defs.QueryModeBody.description).toContain("querymode's strict profile");
    const documented = JSON.parse(runCli(['schema', 'body', '--profile', 'documented']).stdout);
    expect(documented.$defs.TimestampConfig.required).toEqual(['mode']);
    expect(JSON.stringify(documented)).not.toContain('additionalProperties');
    // A column name is a string there; the strict profile's schema carries querymode's pattern.
    expect(documented.$defs.TimestampConfig.properties.timestamp_column_name).not.toHaveProperty('pattern');
    expect(strict.$defs.TimestampConfig.properties.timestamp_column_name.pattern).toBe(COLUMN_NAME_PATTERN);
    for (const schema of [strict, documented]) {
      expect(schema.$defs.TimestampConfig.properties.timestamp_delay_interval_ms.pattern).toBe(
        MILLISECONDS_PATTERN,
      );
    }
    expect(runCli(['schema', 'traits', '--profile', 'documented']).status).toBe(2);
  });
});

/**
 * The CLI names the kinds of source from introspect's kind descriptions alone (issue 38 item 7):
 * the URL help, `--source`'s choices and each kind's own flags, and the reader of a source that is
 * no database (`inspect` and `verify`). A made-up database and a made-up CRM, handed to the same
 * functions the program registers and runs with, show that a new description is picked up with no
 * CLI file changed.
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from '@commander-js/extra-typings';
import type { SourceKind, TableTraits } from '@querymode/core';
import type { SourceReader, SourceRequest } from '@querymode/introspect';
import { describe, expect, it } from 'vitest';
import { runInspectSource } from '../src/commands/inspect-source.js';
import { nowSource } from '../src/commands/verify-source.js';
import {
  databaseUrlHelp,
  KIND_LIST,
  type KindDescription,
  readKindOf,
  refuseOtherKindsFlags,
  sourceUrlHelp,
  variableKinds,
} from '../src/database/kinds.js';
import { refuseDatabaseOptions } from '../src/database/options.js';
import { CliError } from '../src/errors.js';
import { DATABASE_URL_HELP, databaseOptions, SOURCE_URL_HELP } from '../src/register/database.js';

/** A database kind introspect does not have: two schemes, a socket, its driver's variables. */
const NEWDB: KindDescription = {
  kind: 'newdb' as SourceKind,
  label: 'NewDB',
  schemes: ['newdb:', 'ndb:'],
  defaultPort: 7777,
  urlParameters: ['socket'],
  socket: { parameter: 'socket', hostIsPath: false, example: 'newdb://user@/db?socket=/path' },
  environment: { host: 'NEWDB_HOST', user: 'NEWDB_USER', password: 'NEWDB_PASSWORD', database: 'NEWDB_DB' },
};

/** What the made-up CRM's reader was handed. */
const handed: SourceRequest[] = [];

/** The made-up CRM's reader: one record per object selected, read once prepared. */
const madeUpReader: SourceReader = (request) => {
  handed.push(request);
  if (!request.url.startsWith('madeupcrm://'))
    return { ok: false, issues: [{ code: 'invalid_url', path: [], message: 'not a tenant' }] };
  // An object named Locked cannot be read: a problem, every other object still read.
  const tables = (request.tables ?? [])
    .filter((table) => table !== 'Locked')
    .map((table) => ({ table, source: 'madeupcrm' }) as unknown as TableTraits);
  const problems = request.tables?.includes('Locked') ? ['Locked: not readable by this user'] : [];
  const read = async () =>
    ({
      ok: true,
      value: {
        origin: 'acme',
        server: 'MadeUpCRM',
        tables,
        problems,
        what: `${tables.length} MadeUpCRM objects from acme`,
        spent: '1 API request',
        notes: [],
        complete: true,
        none: 'no objects',
      },
    }) as const;
  return { ok: true, value: { read } };
};

/** A source that is no database: a URL of its own, no variables, flags only it reads, its own reader. */
const CRM: KindDescription = {
  kind: 'madeupcrm' as SourceKind,
  label: 'MadeUpCRM',
  schemes: ['madeupcrm:'],
  url: { form: 'madeupcrm://<tenant>', reads: 'to read a MadeUpCRM tenant through its API' },
  urlParameters: [],
  flags: [
    { name: 'token-file', value: '<file>', help: 'the access token, from this file', takes: 'file' },
    { name: 'wait', value: '<duration>', help: 'how long to wait for the API', takes: 'duration' },
  ],
  sourceReader: { load: () => madeUpReader, selects: ['table'] },
};

const KINDS = [...KIND_LIST, NEWDB, CRM];

/** `inspect`'s options as the program adds them, with `kinds`. */
const command = (kinds: readonly KindDescription[]) =>
  databaseOptions(new Command('inspect').exitOverride().argument('[url]'), {
    kinds,
    kindFlags: true,
    observe: true,
  });

describe('the kinds of source on the command line', () => {
  it('names every kind introspect describes: the databases with their schemes, sockets and variables, then Salesforce', () => {
    expect(KIND_LIST.map((k) => k.kind).sort()).toEqual(['mysql', 'postgresql', 'salesforce', 'sqlserver']);
    expect(variableKinds().map((k) => k.kind)).toEqual(['postgresql', 'mysql', 'sqlserver']);
    for (const kind of variableKinds()) {
      for (const scheme of kind.schemes) expect(DATABASE_URL_HELP).toContain(`${scheme}//`);
      if (kind.socket !== undefined) expect(DATABASE_URL_HELP).toContain(kind.socket.example);
      expect(DATABASE_URL_HELP).toContain(kind.environment?.host);
    }
    expect(DATABASE_URL_HELP).toBe(databaseUrlHelp(KIND_LIST));
    expect(DATABASE_URL_HELP).not.toContain('salesforce');
    expect(SOURCE_URL_HELP).toBe(
      `${DATABASE_URL_HELP}; or salesforce://<My Domain host> to read a Salesforce org through its REST API (token: SF_ACCESS_TOKEN or --sf-org-json)`,
    );
    const help = command(KIND_LIST).helpInformation().replace(/\s+/g, ' ');
    expect(help).toContain(
      '--api-reserve <requests|percent> with salesforce://<My Domain host>: stop before',
    );
  });

  it('picks up a new database and a new CRM in the URL help', () => {
    const help = sourceUrlHelp(KINDS);
    expect(help).toContain('mysql:// (mariadb://), sqlserver:// (mssql://) or newdb:// (ndb://)');
    expect(help).toContain('newdb://user@/db?socket=/path');
    expect(help).toContain('SQLCMDSERVER, NEWDB_HOST, ...)');
    expect(help).toContain('; or madeupcrm://<tenant> to read a MadeUpCRM tenant through its API');
  });

  it("adds a new database to --source's choices, and a CRM's flag with the URL it goes with", () => {
    const cmd = command(KINDS);
    const help = cmd.helpInformation().replace(/\s+/g, ' ');
    expect(help).toContain('"newdb"');
    expect(help).not.toContain('"madeupcrm"');
    expect(help).toContain('--token-file <file> with madeupcrm://<tenant>: the access token, from this file');
    expect(cmd.parse(['--source', 'newdb', '--token-file', 't.json'], { from: 'user' }).opts()).toMatchObject(
      {
        source: 'newdb',
        tokenFile: 't.json',
      },
    );
    expect(() => command(KINDS).parse(['--source', 'madeupcrm'], { from: 'user' })).toThrow(
      /Allowed choices/,
    );
    expect(command(KIND_LIST).helpInformation()).not.toContain('--token-file');
    const verify = databaseOptions(new Command('verify'), {
      kinds: KINDS,
      kindFlags: true,
    }).helpInformation();
    expect(verify).toContain('--token-file');
    expect(verify).not.toContain('--observe');
  });

  it("refuses a kind's flag with another kind's source, and takes it with its own", () => {
    const given = { tokenFile: 't.json' };
    expect(() => refuseOtherKindsFlags(given, 'postgresql', KINDS)).toThrow(CliError);
    expect(() => refuseOtherKindsFlags(given, 'postgresql', KINDS)).toThrow(
      '--token-file goes with madeupcrm://<tenant>, not PostgreSQL',
    );
    expect(() => refuseOtherKindsFlags(given, CRM.kind, KINDS)).not.toThrow();
    expect(() => refuseOtherKindsFlags({}, 'postgresql', KINDS)).not.toThrow();
  });

  it("reads a new source by its own reader: the URL's scheme picks the kind, its flags handed as its description says, the records written whole", async () => {
    expect(readKindOf('MadeUpCRM://acme', KINDS)?.label).toBe('MadeUpCRM');
    expect(readKindOf('salesforce://acme.my.salesforce.com')?.kind).toBe('salesforce');
    expect(readKindOf('postgres://reader@db/shop', KINDS)).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'qm-kinds-'));
    try {
      const token = join(dir, 'token.txt');
      writeFileSync(token, 'tok\n');
      const out = join(dir, 'objects.ndjson');
      const kind = readKindOf('madeupcrm://acme', KINDS);
      if (kind === undefined) throw new Error('no reader');
      const flags = { table: ['Deal', 'Lead'], output: out, tokenFile: token, wait: '90' };
      expect(await runInspectSource(kind, 'madeupcrm://acme', flags)).toBe(0);
      expect(handed.at(-1)).toMatchObject({
        url: 'madeupcrm://acme',
        flags: { 'token-file': { text: 'tok\n', from: `"${token}"` }, wait: 90_000 },
        tables: ['Deal', 'Lead'],
      });
      expect(readFileSync(out, 'utf8')).toBe(
        '{"table":"Deal","source":"madeupcrm"}\n{"table":"Lead","source":"madeupcrm"}\n',
      );
      expect(readdirSync(dir).sort()).toEqual(['objects.ndjson', 'token.txt']);
      // What the reader refuses before reading is a usage error; nothing is written.
      await expect(
        runInspectSource(kind, 'other://acme', { output: join(dir, 'no.ndjson') }),
      ).rejects.toThrow('not a tenant');
      expect(readdirSync(dir).sort()).toEqual(['objects.ndjson', 'token.txt']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('verify reads a new source by its own reader, as inspect does, and stops when part of it cannot be read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qm-kinds-'));
    try {
      const token = join(dir, 'token.txt');
      writeFileSync(token, 'tok\n');
      const flags = { table: ['Deal', 'Lead'], tokenFile: token, wait: '2m' };
      expect(await nowSource('madeupcrm://acme', flags, KINDS).read(undefined)).toEqual({
        database: 'acme',
        tables: [
          { table: 'Deal', source: 'madeupcrm' },
          { table: 'Lead', source: 'madeupcrm' },
        ],
        objects: true,
      });
      expect(handed.at(-1)).toMatchObject({
        url: 'madeupcrm://acme',
        flags: { 'token-file': { text: 'tok\n' }, wait: 120_000 },
        tables: ['Deal', 'Lead'],
      });
      // An object not read would be called gone: nothing is verified.
      await expect(
        nowSource('madeupcrm://acme', { table: ['Deal', 'Locked'] }, KINDS).read(undefined),
      ).rejects.toThrow('1 part of the source could not be read; nothing was verified');
      // The options of a database and another kind's flags are refused before anything is read.
      const calls = handed.length;
      expect(() => nowSource('madeupcrm://acme', { schema: ['s'] }, KINDS)).toThrow(
        '--schema reads a database, not MadeUpCRM (--table selects what is read)',
      );
      expect(() => nowSource('madeupcrm://acme', { sfOrgJson: 'org.json' } as never, KINDS)).toThrow(
        '--sf-org-json goes with salesforce://<My Domain host>, not MadeUpCRM',
      );
      expect(handed.length).toBe(calls);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses the database options a source does not read, from the one list of them', () => {
    expect(() => refuseDatabaseOptions({ schema: ['s'] }, ['table', 'exclude'], 'Salesforce')).toThrow(
      '--schema reads a database, not Salesforce (--table and --exclude select what is read)',
    );
    expect(() => refuseDatabaseOptions({ observe: '10m' }, ['table'], 'MadeUpCRM')).toThrow(
      '--observe reads a database, not MadeUpCRM (--table selects what is read)',
    );
    expect(() =>
      refuseDatabaseOptions({ table: ['t'], exclude: ['x'] }, ['table', 'exclude'], 'X'),
    ).not.toThrow();
    expect(() => refuseDatabaseOptions({ exclude: ['x'] }, ['table'], 'X')).toThrow(
      '--exclude reads a database',
    );
  });
});

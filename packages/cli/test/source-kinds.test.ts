/**
 * The CLI names the kinds of source from introspect's kind descriptions alone (issue 38 item 7):
 * the URL help, `--source`'s choices and each kind's own flags. A made-up database and a made-up
 * CRM, handed to the same functions the program registers with, show that a new description is
 * picked up with no CLI file changed.
 */
import { Command } from '@commander-js/extra-typings';
import type { SourceKind } from '@querymode/core';
import { describe, expect, it } from 'vitest';
import {
  databaseUrlHelp,
  KIND_LIST,
  type KindDescription,
  refuseOtherKindsFlags,
  sourceUrlHelp,
  variableKinds,
} from '../src/database/kinds.js';
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

/** A source that is no database: a URL of its own, no variables, a flag only it reads. */
const CRM: KindDescription = {
  kind: 'madeupcrm' as SourceKind,
  label: 'MadeUpCRM',
  schemes: ['madeupcrm:'],
  url: { form: 'madeupcrm://<tenant>', reads: 'to read a MadeUpCRM tenant through its API' },
  urlParameters: [],
  flags: [{ name: 'token-file', value: '<file>', help: 'the access token, from this file' }],
};

const KINDS = [...KIND_LIST, NEWDB, CRM];

/** `inspect`'s options as the program adds them, with `kinds`. */
const command = (kinds: readonly KindDescription[]) =>
  databaseOptions(new Command('inspect').exitOverride().argument('[url]'), { kinds, kindFlags: true });

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
    expect(databaseOptions(new Command('verify'), { kinds: KINDS }).helpInformation()).not.toContain(
      '--token-file',
    );
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
});

/**
 * The options of an inspection, read with core's `readOptions` before anything is queried or
 * connected: an unknown key, a wrong type, a kind of relation that does not exist, a window out
 * of range and a getter that throws are `invalid_option` issues in core's words, with the
 * option's path; `undefined` is absent; the password is never in a message.
 */
import { type CatalogClient, inspectClient, inspectDatabase, parseDatabaseUrl } from '@querymode/introspect';
import { describe, expect, it } from 'vitest';

const SECRET = 'S3cret$$"\\';

/** A client that records whether it was queried (options are read before any query). */
function client(): CatalogClient & { queried: number } {
  const c = {
    queried: 0,
    query: async () => {
      c.queried += 1;
      throw new Error('no catalog here');
    },
    close: async () => undefined,
  };
  return c;
}

/** `code path: message` of each issue of `inspectClient`'s options. */
async function issuesOf(options: unknown): Promise<string[]> {
  const c = client();
  const r = await inspectClient(c, 'postgresql', options as never);
  if (r.ok) throw new Error('inspected');
  const options_issues = r.issues.filter((i) => i.code === 'invalid_option');
  if (options_issues.length > 0) expect(c.queried).toBe(0);
  return r.issues.map((i) => `${i.code} ${i.path.join('.')}: ${i.message}`);
}

describe("an inspection's options", () => {
  it('name an unknown key with the closest option', async () => {
    expect(await issuesOf({ schema: ['public'] })).toEqual([
      'invalid_option schema: `schema`: unknown key; expected only `schemas`, `tables`, `exclude`, `include`, `observeMs`, `onFirstReading`, `onTable` here; did you mean `schemas`?',
    ]);
  });

  it('report every wrong type and value at once, each at its path', async () => {
    expect(
      await issuesOf({
        schemas: 'public',
        tables: ['a', 1],
        include: ['views', 'view'],
        observeMs: 999,
        onFirstReading: 'soon',
      }),
    ).toEqual([
      'invalid_option schemas: `schemas`: expected an array, received string "public".',
      'invalid_option tables.1: `tables[1]`: expected a string, received number 1.',
      'invalid_option include.1: `include[1]`: expected one of `views`, `foreign-tables`, `partitions`, `system-schemas`, received "view"; did you mean `views`?',
      'invalid_option observeMs: `observeMs`: expected a number of milliseconds from 1000 (1 second) to 86400000 (1 day), received number 999.',
      'invalid_option onFirstReading: `onFirstReading`: expected a function, received string "soon".',
    ]);
    expect(await issuesOf(7)).toEqual(['invalid_option : `(root)`: expected an object, received number 7.']);
  });

  it('take an undefined value as absent', async () => {
    const r = await issuesOf({ schemas: undefined, observeMs: undefined, include: undefined });
    // The options pass: the stub's failing query is what fails.
    expect(r).toEqual([expect.stringMatching(/^query_failed /)]);
  });

  it('read a throwing getter or proxy as an issue, never a throw', async () => {
    const getter = {
      get include(): string[] {
        throw new Error('getter');
      },
    };
    expect(await issuesOf(getter)).toEqual([
      'invalid_option : `(root)`: the input could not be read (Error: getter); expected plain JSON data.',
    ]);
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    expect((await issuesOf(proxy))[0]).toMatch(/^invalid_option : .*Error: trap/);
  });

  it('are read before connecting, timeouts included, and no message holds the password', async () => {
    const target = parseDatabaseUrl(`postgres://u:${encodeURIComponent(SECRET)}@127.0.0.1:1/db`);
    if (!target.ok) throw new Error('no target');
    const cases: [unknown, string][] = [
      [{ timeouts: { connectMs: 0, statementMs: 10 } }, 'timeouts.connectMs'],
      [{ timeouts: { connectMs: 10 } }, 'timeouts'],
      [{ timeouts: { connectMs: 10, statementMs: 10, idleMs: 1 } }, 'timeouts.idleMs'],
      // A key that holds the password: masked in the path and the message (escaped as quoted).
      [{ [SECRET]: 1 }, '***'],
      [
        {
          get tables(): string[] {
            throw new Error(`cannot read ${SECRET}`);
          },
        },
        '',
      ],
    ];
    for (const [options, path] of cases) {
      const r = await inspectDatabase(target.value, options as never);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      // Not connection_failed: nothing was tried.
      expect(r.issues.map((i) => i.code)).toEqual(['invalid_option']);
      expect(r.issues[0]?.path.join('.')).toBe(path);
      expect(r.issues[0]?.message).not.toContain('S3cret');
    }
    // inspectClient takes no timeouts: they are the connection's.
    expect(await issuesOf({ timeouts: { connectMs: 1, statementMs: 1 } })).toEqual([
      expect.stringMatching(/^invalid_option timeouts: `timeouts`: unknown key/),
    ]);
  });
});

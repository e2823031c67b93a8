/** Database URLs with a misspelt parameter get a suggestion, and the list of what is accepted. */
import { parseDatabaseUrl } from '@querymode/introspect';
import { describe, expect, it } from 'vitest';

const messageOf = (url: string): string => {
  const r = parseDatabaseUrl(url);
  if (r.ok) throw new Error(`${url} parsed`);
  return r.issues[0]?.message ?? '';
};

describe('an unknown URL parameter', () => {
  it('suggests the accepted parameter it is likely a misspelling of', () => {
    expect(messageOf('postgres://u@h/db?sslmod=require')).toMatch(
      /^unknown URL parameter `sslmod` for postgresql; did you mean `sslmode`\? \(accepted: /,
    );
  });

  it('suggests nothing for a name close to none, and lists what is accepted', () => {
    const m = messageOf('postgres://u@h/db?password=x');
    expect(m).not.toContain('did you mean');
    expect(m).toMatch(/accepted: .*sslmode/);
  });
});

/**
 * The PostgreSQL driver's chunk (dist/pg.cjs) takes `src/database/pg-crypto.cjs` for pg's own
 * `lib/crypto/utils.js`, which goes through Web Crypto (build.mjs, 4.): both give the same bytes
 * for every function a login uses (SCRAM-SHA-256, with and without channel binding, and MD5).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const fromIntrospect = createRequire(
  join(import.meta.dirname, '..', '..', 'packages', 'introspect', 'package.json'),
);
const pgUtils = fromIntrospect(join(fromIntrospect.resolve('pg'), '..', 'crypto', 'utils.js'));
const ours = createRequire(import.meta.url)('../../packages/cli/src/database/pg-crypto.cjs');

/** Bytes of whatever a function gave (a Buffer, an ArrayBuffer) as hexadecimal. */
const hex = (value: ArrayBuffer | Uint8Array | string): string =>
  typeof value === 'string' ? value : Buffer.from(value as ArrayBuffer).toString('hex');

describe("pg's crypto functions on node:crypto", () => {
  it('exports what pg exports', () => {
    expect(Object.keys(ours).sort()).toEqual(Object.keys(pgUtils).sort());
  });

  it.each([
    ['password', 'salt'],
    ['pässwörd 日本 🙂', 'QSXCR+Q6sek8bf92'],
    ['', '\u0000'],
  ])('derives, signs and hashes as pg does (%j)', async (password, salt) => {
    const saltBytes = Buffer.from(salt);
    for (const iterations of [1, 4096]) {
      expect(hex(await ours.deriveKey(password, saltBytes, iterations))).toBe(
        hex(await pgUtils.deriveKey(password, saltBytes, iterations)),
      );
    }
    const key = await pgUtils.deriveKey(password, saltBytes, 4096);
    for (const message of ['Client Key', `n=*,r=${password}`, '']) {
      expect(hex(await ours.hmacSha256(key, message))).toBe(hex(await pgUtils.hmacSha256(key, message)));
      expect(hex(await ours.hmacSha256(Buffer.from(key), message))).toBe(
        hex(await pgUtils.hmacSha256(key, message)),
      );
    }
    expect(hex(await ours.sha256(key))).toBe(hex(await pgUtils.sha256(key)));
    for (const name of ['SHA-256', 'SHA-384', 'SHA-512'])
      expect(hex(await ours.hashByName(name, saltBytes))).toBe(
        hex(await pgUtils.hashByName(name, saltBytes)),
      );
    expect(await ours.md5(password)).toBe(await pgUtils.md5(password));
    expect(await ours.postgresMd5PasswordHash('user', password, Buffer.from([1, 2, 3, 4]))).toBe(
      await pgUtils.postgresMd5PasswordHash('user', password, Buffer.from([1, 2, 3, 4])),
    );
  });

  it('gives random bytes of the length asked', () => {
    const bytes = ours.randomBytes(18);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.length).toBe(18);
  });
});

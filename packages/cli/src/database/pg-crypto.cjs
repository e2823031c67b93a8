// What pg's dist/pg.cjs takes for its `./crypto/utils` (build.mjs, 4.): the same functions on
// node:crypto's own hashes. pg's module reaches them through Web Crypto (`crypto.subtle`), whose
// first use loads Node's webcrypto and WebIDL modules: 42 ms of CPU of a 1,000-table inspect at
// load 12, for one SCRAM login. Same bytes out (test/cli/pg-crypto.test.ts compares the two).
'use strict';

const nodeCrypto = require('node:crypto');

/** Node's name of a Web Crypto digest name (`SHA-256` -> `sha256`). */
const nodeDigest = (name) => name.replace('-', '').toLowerCase();

/** Bytes node:crypto takes: Web Crypto also takes an ArrayBuffer, which node:crypto's hashes refuse. */
const bytes = (data) => (data instanceof ArrayBuffer ? new Uint8Array(data) : data);

/** The MD5 of `data` (a string as UTF-8, or bytes), in hexadecimal. */
async function md5(data) {
  return nodeCrypto.createHash('md5').update(data, 'utf-8').digest('hex');
}

/** PostgreSQL's MD5 password answer: `md5` + md5(md5(password + user) + salt). */
async function postgresMd5PasswordHash(user, password, salt) {
  const inner = await md5(password + user);
  return `md5${await md5(Buffer.concat([Buffer.from(inner), salt]))}`;
}

module.exports = {
  postgresMd5PasswordHash,
  randomBytes: (length) => nodeCrypto.randomBytes(length),
  /** PBKDF2 with SHA-256, 32 bytes, of the password as UTF-8. */
  deriveKey: async (password, salt, iterations) =>
    nodeCrypto.pbkdf2Sync(password, salt, iterations, 32, 'sha256'),
  sha256: async (data) => nodeCrypto.createHash('sha256').update(bytes(data)).digest(),
  hashByName: async (name, data) => nodeCrypto.createHash(nodeDigest(name)).update(bytes(data)).digest(),
  hmacSha256: async (key, message) => nodeCrypto.createHmac('sha256', bytes(key)).update(message).digest(),
  md5,
};

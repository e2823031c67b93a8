// What mysql2's dist/mysql2.cjs takes for `iconv-lite` (build.mjs, 4.): the installed iconv-lite
// loaded on first use, not at start. mysql2 asks it only for a character set Node's Buffer lacks;
// every connection decodes the server's version in the handshake as `cesu8`, which for ASCII
// bytes is ASCII: answered here without iconv-lite (its load was 44 ms of CPU at load 16, 19
// files), anything else by iconv-lite itself.
'use strict';

let iconv;
const real = () => {
  iconv ??= require('iconv-lite');
  return iconv;
};

/** Whether every byte of `bytes` is ASCII (then its CESU-8 and UTF-8 decodings are its latin1 one). */
function ascii(bytes) {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return false;
  return true;
}

/** A `cesu8` decoder as mysql2 uses one (a `write` then an `end` per value): ASCII here, the rest by iconv-lite. */
const cesu8 = {
  write(bytes) {
    if (ascii(bytes)) return bytes.toString('latin1');
    const decoder = real().getDecoder('cesu8');
    const text = decoder.write(bytes);
    const trail = decoder.end();
    return trail ? text + trail : text;
  },
  end() {
    return undefined;
  },
};

module.exports = {
  getDecoder: (encoding, options) =>
    encoding === 'cesu8' && options === undefined ? cesu8 : real().getDecoder(encoding, options),
  getEncoder: (encoding, options) => real().getEncoder(encoding, options),
};

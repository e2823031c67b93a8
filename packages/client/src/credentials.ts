/**
 * HTTP Basic credentials: the credential pair is an API key and its secret, documented at
 * https://api-docs.hevodata.com/reference/faqs (docs/service.md#authentication), and the Basic token is base64 of `key:secret`.
 *
 * The secret never leaves this object except as the `authorization` header of a request: it is
 * kept in a private field, and `toJSON`, `toString` and `util.inspect` show neither the key nor
 * the secret.
 *
 * @module
 */
import { jsonDepthExceeds } from '@querymode/core';
import type { ClientIssue } from './issues.js';
import { clientIssue } from './issues.js';

/** The environment variable of the API key. */
export const API_KEY_ENV = 'QUERYMODE_API_KEY';

/** The environment variable of the API secret. */
export const API_SECRET_ENV = 'QUERYMODE_API_SECRET';

const REDACTED = '[redacted]';

/** `util.inspect`'s hook, named without importing `node:util`. */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** base64 of the UTF-8 bytes of a string (the Basic scheme's encoding, RFC 7617). */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The forms a secret travels in, longest first: itself, `key:secret`, the Basic token, and each of
 * these URL-encoded (upper- and lower-case hex, `+` for a space as forms write it).
 */
function secretForms(key: string, secret: string, token: string): string[] {
  const forms = new Set<string>();
  for (const raw of [secret, `${key}:${secret}`, token]) {
    forms.add(raw);
    const encoded = encodeURIComponent(raw);
    forms.add(encoded);
    forms.add(encoded.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()));
    forms.add(new URLSearchParams({ s: raw }).toString().slice(2));
  }
  return [...forms].filter((f) => f !== '').sort((a, b) => b.length - a.length);
}

/** A Basic credential pair, redacted everywhere but in the request header. */
export class Credentials {
  readonly #authorization: string;
  readonly #forms: readonly string[];

  private constructor(authorization: string, forms: readonly string[]) {
    this.#authorization = authorization;
    this.#forms = forms;
  }

  /** The value of the `authorization` header: `Basic <base64 of key:secret>`. */
  authorization(): string {
    return this.#authorization;
  }

  /**
   * `text` with the secret replaced by `[redacted]` wherever it appears, in every form it travels
   * in: raw, inside the Basic token (base64 of `key:secret`), and URL-encoded. For server answers
   * and error messages that may echo the request's headers or URL.
   */
  redact(text: string): string {
    let out = text;
    for (const form of this.#forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  }

  /**
   * A parsed JSON value with every string (and key) redacted; see {@link redact}. A value nested
   * deeper than core's `MAX_JSON_DEPTH` is replaced whole by `[redacted]` (the walk is recursive).
   */
  redactValue(value: unknown): unknown {
    return jsonDepthExceeds(value) ? REDACTED : this.#redactWalk(value);
  }

  #redactWalk(value: unknown): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (Array.isArray(value)) return value.map((v) => this.#redactWalk(v));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.redact(k), this.#redactWalk(v)]));
    }
    return value;
  }

  /** Redacted: the key and the secret are never serialised. */
  toJSON(): { readonly scheme: 'basic'; readonly credentials: string } {
    return { scheme: 'basic', credentials: REDACTED };
  }

  /** Redacted. */
  toString(): string {
    return `Credentials(basic, ${REDACTED})`;
  }

  /** Redacted, for `util.inspect` and `console.log`. */
  [INSPECT](): string {
    return this.toString();
  }

  /**
   * Credentials from an API key and secret. The key must be a non-empty string without `:` (the
   * Basic scheme splits at the first colon); the secret a non-empty string. Never throws; the
   * issues never quote the values.
   */
  static basic(
    key: unknown,
    secret: unknown,
  ): { ok: true; value: Credentials } | { ok: false; issues: ClientIssue[] } {
    const issues: ClientIssue[] = [];
    if (typeof key !== 'string' || key === '') {
      issues.push(
        clientIssue(
          'missing_credentials',
          ['apiKey'],
          `the API key is missing: pass apiKey or set ${API_KEY_ENV}`,
        ),
      );
    } else if (key.includes(':')) {
      issues.push(
        clientIssue(
          'invalid_credentials',
          ['apiKey'],
          'the API key contains ":", which HTTP Basic cannot carry in a user name',
        ),
      );
    }
    if (typeof secret !== 'string' || secret === '') {
      issues.push(
        clientIssue(
          'missing_credentials',
          ['apiSecret'],
          `the API secret is missing: pass apiSecret or set ${API_SECRET_ENV}`,
        ),
      );
    }
    if (issues.length > 0) return { ok: false, issues };
    const token = base64Utf8(`${key as string}:${secret as string}`);
    return {
      ok: true,
      value: new Credentials(`Basic ${token}`, secretForms(key as string, secret as string, token)),
    };
  }
}

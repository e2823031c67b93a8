/**
 * Secrets (passwords) kept out of every output: a {@link Secret} never shows its value when
 * printed, logged, inspected or serialised, and {@link redact} removes known secrets and URL
 * credentials from any text before it leaves the package.
 *
 * @module
 */

const INSPECT = Symbol.for('nodejs.util.inspect.custom');
const HIDDEN = '[redacted]';

/** A password or token: its value is only read by `reveal()`, where a driver needs it. */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  /** The value itself, for the driver's connection options only. */
  reveal(): string {
    return this.#value;
  }
  /** Whether the secret is empty. */
  get empty(): boolean {
    return this.#value === '';
  }
  /** Never the value. */
  toString(): string {
    return HIDDEN;
  }
  /** Never the value. */
  toJSON(): string {
    return HIDDEN;
  }
  /** Never the value (Node's `util.inspect` and `console.log`). */
  [INSPECT](): string {
    return `Secret(${HIDDEN})`;
  }
}

/** `scheme://user:password@` in any text, for {@link redact}. */
const URL_CREDENTIALS = /([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s@/]*@/gi;

/**
 * The text with every given secret (as written and percent-encoded) and every password in a
 * URL replaced by `***`. Use it on any message that may quote a driver, a URL or an option.
 */
export function redact(text: string, secrets: readonly (Secret | string | undefined)[] = []): string {
  let out = text.replace(URL_CREDENTIALS, '$1:***@');
  for (const s of secrets) {
    const value = s instanceof Secret ? s.reveal() : s;
    if (value === undefined || value.length < 1) continue;
    for (const form of new Set([value, encodeURIComponent(value)])) out = out.split(form).join('***');
  }
  return out;
}

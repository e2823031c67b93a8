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

/**
 * `scheme://user:password@` in any text, for {@link redact}: the password is everything from the
 * colon after the user name to the last `@` of the URL (a password may hold an unencoded `/`, `@`,
 * `:` or `#`), so that none of it is left showing.
 */
const URL_CREDENTIALS = /([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):\S*@/gi;

/** A letter, digit or `_`: a secret next to one is part of a longer word, not the secret itself. */
const WORD = /[\p{L}\p{N}_]/u;

/**
 * Whether the occurrence of `form` at `at` in `text` stands alone: a secret that begins (ends) with
 * a word character is masked only where no word character comes before (after) it, so that the
 * password `b` leaves `abc` whole while `password=b` and `"b"` still lose it.
 */
function standsAlone(text: string, at: number, form: string): boolean {
  const before = text[at - 1];
  const after = text[at + form.length];
  const joinsBefore = before !== undefined && WORD.test(before) && WORD.test(form[0] ?? '');
  const joinsAfter = after !== undefined && WORD.test(after) && WORD.test(form.at(-1) ?? '');
  return !joinsBefore && !joinsAfter;
}

/** `text` with each occurrence of `form` that stands alone replaced by `***`. */
function maskForm(text: string, form: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
    if (at < from || !standsAlone(text, at, form)) continue;
    out += `${text.slice(from, at)}***`;
    from = at + form.length;
  }
  return out + text.slice(from);
}

/** Replaces every form of each secret (as written and percent-encoded) that stands alone in a piece of text. */
function maskSecrets(text: string, secrets: readonly (Secret | string | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    const value = s instanceof Secret ? s.reveal() : s;
    if (value === undefined || value.length < 1) continue;
    for (const form of new Set([value, encodeURIComponent(value)])) out = maskForm(out, form);
  }
  return out;
}

/**
 * The text with every password in a URL (exactly its span) and every given secret (as written
 * and percent-encoded) replaced by `***` where it stands alone: never inside a longer word, so
 * that a value that only contains the password's letters (`abc` for the password `b`) is shown
 * as it is. Use it on any message that may quote a driver, a URL
 * or an option. `keep` lists texts known to hold no secret (the target's display form, which has
 * no password): they are left whole, so that a user name or a port that contains the password's
 * value is not masked.
 */
export function redact(
  text: string,
  secrets: readonly (Secret | string | undefined)[] = [],
  keep: readonly string[] = [],
): string {
  const out = text.replace(URL_CREDENTIALS, '$1:***@');
  const kept = keep.filter(
    (k) => k !== '' && !secrets.some((s) => (s instanceof Secret ? s.reveal() : s) === k),
  );
  if (kept.length === 0) return maskSecrets(out, secrets);
  // Mask between the kept texts, never inside them.
  const pattern = new RegExp(kept.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  let result = '';
  let from = 0;
  for (const m of out.matchAll(pattern)) {
    result += maskSecrets(out.slice(from, m.index), secrets) + m[0];
    from = m.index + m[0].length;
  }
  return result + maskSecrets(out.slice(from), secrets);
}

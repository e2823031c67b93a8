/**
 * PostgreSQL dollar quoting: a tag that does not occur in the body, so no name inside the body
 * can end it early.
 *
 * @module
 */

/** `body` between dollar quotes whose tag (`$qm$`, else `$qm1$`, …) the body does not hold. */
export function dollarQuote(body: string): string {
  let tag = '$qm$';
  for (let i = 1; body.includes(tag); i++) tag = `$qm${i}$`;
  return `${tag}${body}${tag}`;
}

/**
 * How a slow body is cut and paced, shared by both servers: a few pieces, evenly spaced over the
 * reply's `slowMs`.
 *
 * @module
 */

/** How many pieces a slow body is sent in. */
export const SLOW_PIECES = 8;

/** The body cut into at most {@link SLOW_PIECES} pieces, and the pause before each piece after the first. */
export function slowPieces(body: string, slowMs: number): { pieces: string[]; pauseMs: number } {
  const size = Math.max(1, Math.ceil(body.length / SLOW_PIECES));
  const pieces: string[] = [];
  for (let i = 0; i < body.length; i += size) pieces.push(body.slice(i, i + size));
  return { pieces, pauseMs: pieces.length > 1 ? slowMs / (pieces.length - 1) : 0 };
}

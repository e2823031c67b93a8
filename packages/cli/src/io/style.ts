/**
 * Terminal styling that respects `NO_COLOR` (https://no-color.org), `FORCE_COLOR` and non-TTY
 * output: plain text unless the stream is a TTY and colour is not disabled.
 *
 * @module
 */

/** Whether to colour text written to a stream. */
export function useColor(stream: NodeJS.WriteStream): boolean {
  const env = process.env;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** A set of styling functions, plain when colour is off. */
export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  red(s: string): string;
  cyan(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain = (s: string) => s;

/** The style for a stream. */
export function styleFor(stream: NodeJS.WriteStream): Style {
  if (!useColor(stream))
    return { bold: plain, dim: plain, green: plain, yellow: plain, red: plain, cyan: plain };
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    red: wrap(31, 39),
    cyan: wrap(36, 39),
  };
}

/** A command's name as the head of its summary line on stderr (`apply:`), bold when stderr takes colour. */
export function summaryHead(command: string): string {
  return styleFor(process.stderr).bold(`${command}:`);
}

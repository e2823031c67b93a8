/**
 * The bundle's entry, `dist/querymode.cjs`: `querymode --version` is answered here, from the
 * package's manifest alone; any other command line loads the program (`main.ts`, built into
 * `dist/cli.cjs`: commander, core, every command's options), which `--version` does not need
 * (issue 39: `--version` 1.58x `node -e 0` when it loaded the whole program). The program is
 * loaded with the code cache of its build (`load-program.ts`).
 *
 * @module
 */
import pkg from '../package.json' with { type: 'json' };
import { loadProgram } from './load-program.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v'))
  process.stdout.write(`${pkg.version}\n`);
else loadProgram(require('node:path').join(__dirname, 'cli.cjs'));

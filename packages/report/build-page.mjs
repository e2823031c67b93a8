// The page's script and style, bundled at build time: esbuild bundles page/main.ts with its
// libraries (Observable Plot and the d3 modules it uses) into one browser script, and
// page/style.css into one style sheet. The CLI's build (packages/cli/build.mjs) embeds them in
// `querymode report`; the tests and the benchmark use them through the CLI.
//
// The script goes into the page byte for byte: its SHA-256 is the page's Content-Security-Policy
// `script-src`, so no other script can run. The licences of the bundled libraries go into the page.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const here = (p) => new URL(p, import.meta.url).pathname;

/** Browsers of the last few years; the page uses no newer syntax than they read. */
const TARGETS = ['chrome109', 'edge109', 'firefox115', 'safari15.4'];

/** The folder of the npm package that holds `file`, with its package.json. */
function packageOf(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof pkg.name === 'string') return { dir, pkg };
    }
  }
  return undefined;
}

/** The licence texts of the npm packages with code in the bundle (the workspace's own left out). */
function licensesOf(metafile) {
  const packages = new Map();
  const output = Object.values(metafile.outputs)[0];
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (bytesInOutput === 0) continue;
    const found = packageOf(resolve(input));
    if (found === undefined || found.pkg.name.startsWith('@querymode/')) continue;
    packages.set(found.pkg.name, found);
  }
  return [...packages.values()]
    .sort((a, b) => a.pkg.name.localeCompare(b.pkg.name))
    .map(({ dir, pkg }) => {
      const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
      const text =
        file === undefined ? `License: ${pkg.license}` : readFileSync(join(dir, file), 'utf8').trim();
      return `${pkg.name} ${pkg.version} (${pkg.license})\n\n${text}`;
    })
    .join('\n\n----\n\n');
}

/** Builds the page's assets: `{ script, scriptHash, style, licenses }` (see `PageAssets`). */
export async function buildPageAssets() {
  const script = await build({
    entryPoints: [here('./page/main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: TARGETS,
    conditions: ['source'],
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    tsconfig: here('./page/tsconfig.json'),
  });
  const style = await build({
    entryPoints: [here('./page/style.css')],
    bundle: true,
    write: false,
    minify: true,
    charset: 'utf8',
    target: TARGETS,
    logLevel: 'warning',
  });
  const code = script.outputFiles[0].text.trimEnd();
  if (/<\/script/i.test(code)) throw new Error('build-page: the bundled script holds "</script"');
  return {
    script: code,
    scriptHash: `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`,
    style: style.outputFiles[0].text.trimEnd(),
    licenses: licensesOf(script.metafile),
  };
}

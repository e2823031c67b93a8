/**
 * docs/benchmarks.md: one section per suite between markers, so that running one suite replaces
 * its own section and keeps the others.
 *
 * @module
 */

const HEADER = `# Benchmarks

Written by \`pnpm bench\` (\`scripts/bench.ts\`; suites in \`bench/*.bench.ts\`). Each section says the
machine and the command that produced it. \`pnpm bench <suite>\` re-runs one suite and replaces only
its section. Figures depend on the machine: compare the ratios measured side by side in one run,
not absolute numbers across machines. These are not tests; no test asserts a timing.
`;

const start = (id: string) => `<!-- bench:${id}:start -->`;
const end = (id: string) => `<!-- bench:${id}:end -->`;

/**
 * The document with each given section replaced (or appended), other sections kept, and
 * sections in the order of `order` (unknown sections last).
 */
export function updateReport(
  existing: string | undefined,
  sections: ReadonlyMap<string, string>,
  order: readonly string[],
): string {
  const kept = new Map<string, string>();
  const re = /<!-- bench:([\w-]+):start -->\n([\s\S]*?)<!-- bench:\1:end -->/g;
  for (const m of (existing ?? '').matchAll(re)) kept.set(m[1] as string, m[2] as string);
  for (const [id, body] of sections) kept.set(id, body.endsWith('\n') ? body : `${body}\n`);
  const ids = [...kept.keys()].sort((a, b) => rank(a) - rank(b));
  function rank(id: string): number {
    const i = order.indexOf(id);
    return i < 0 ? order.length : i;
  }
  return `${HEADER}\n${ids.map((id) => `${start(id)}\n${kept.get(id)}${end(id)}\n`).join('\n')}`;
}

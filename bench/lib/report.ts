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

/** A section with its markers. */
const marked = (id: string, body: string): string =>
  `${start(id)}\n${body.endsWith('\n') ? body : `${body}\n`}${end(id)}`;

const SECTION = /<!-- bench:([\w-]+):start -->\n[\s\S]*?<!-- bench:\1:end -->/g;

/**
 * The document with each given section replaced where it is, and the new ones placed after the
 * last section that comes before them in `order` (unknown sections last). Text outside the
 * markers (sections written by hand, such as the history of the speed work) is kept as it is.
 */
export function updateReport(
  existing: string | undefined,
  sections: ReadonlyMap<string, string>,
  order: readonly string[],
): string {
  const rank = (id: string): number => {
    const i = order.indexOf(id);
    return i < 0 ? order.length : i;
  };
  const present = new Set<string>();
  let text = (existing ?? `${HEADER}\n`).replace(SECTION, (whole, id: string) => {
    present.add(id);
    const body = sections.get(id);
    return body === undefined ? whole : marked(id, body);
  });
  const added = [...sections.keys()].filter((id) => !present.has(id)).sort((a, b) => rank(a) - rank(b));
  for (const id of added) {
    const ids = [...text.matchAll(SECTION)].map((m) => ({
      id: m[1] as string,
      at: m.index,
      to: m.index + m[0].length,
    }));
    const before = ids.filter((m) => rank(m.id) <= rank(id)).at(-1);
    const section = marked(id, sections.get(id) as string);
    if (before !== undefined) text = `${text.slice(0, before.to)}\n\n${section}${text.slice(before.to)}`;
    else if (ids[0] !== undefined) text = `${text.slice(0, ids[0].at)}${section}\n\n${text.slice(ids[0].at)}`;
    else text = `${text.endsWith('\n') ? text : `${text}\n`}\n${section}\n`;
  }
  return text;
}

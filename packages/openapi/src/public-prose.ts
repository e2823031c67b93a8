/**
 * The published document speaks to the API's users, who do not have the internal service spec.
 * The code keeps its traceability inline (`... (spec 4.1)`, texts from core's catalogue that say
 * "not shown" or "not described"); this pass, run once on the finished document, takes every
 * section reference out of the prose (users cite docs/service.md, whose entries the texts name)
 * and says "not documented" where the spec says "not shown" or "not described". The sources keep
 * the trace; the published document carries no section number anywhere.
 *
 * @module
 */

/** The keys whose string values are prose. */
const PROSE_KEYS: ReadonlySet<string> = new Set(['description', 'summary', 'title']);

/** `(spec 4.1)`, `(spec 1, 2.3)`, `(spec 4.1: "Response body: not shown")`, with the space before it. */
const SECTION_REFERENCE = /\s*\(spec (\d+(?:\.\d+)?(?:(?:, | and )\d+(?:\.\d+)?)*)(?::[^)]*)?\)/g;

/** An aside about the spec's own layout, such as `(the spec's behaviour table has no column ...)`. */
const SPEC_ASIDE = /\s*\(the spec's [^)]*\)/g;

/** What the spec calls "not shown" or "not described" is, for a user, "not documented". */
const NOT_SHOWN = /\bnot (?:shown|described)\b/g;

/** One text made public: the rewritten text and the sections it cited. */
export function publicText(text: string): { readonly text: string; readonly sections: readonly string[] } {
  const sections: string[] = [];
  const rewritten = text
    .replace(SECTION_REFERENCE, (_match, list: string) => {
      for (const section of list.split(/, | and /)) if (!sections.includes(section)) sections.push(section);
      return '';
    })
    .replace(SPEC_ASIDE, '')
    .replace(NOT_SHOWN, 'not documented');
  return { text: rewritten, sections };
}

function visit(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(visit);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    out[key] = PROSE_KEYS.has(key) && typeof inner === 'string' ? publicText(inner).text : visit(inner);
  return out;
}

/**
 * The document with public prose: section references taken out, "not shown" and "not described"
 * said as "not documented". A new object; the input is not changed.
 */
export function withPublicProse<D extends object>(document: D): D {
  return visit(document) as D;
}

/**
 * The published document speaks to the API's users, who do not have the internal service spec.
 * The code keeps its traceability inline (`... (spec 4.1)`, texts from core's catalogue that say
 * "not shown" or "not described"); this pass, run once on the finished document, moves every
 * section reference out of the prose into one root extension, {@link SPEC_SECTIONS_EXTENSION}
 * (a map from the JSON pointer of the object whose text cited it to the sections), and says
 * "not documented" where the spec says "not shown" or "not described".
 *
 * The extension sits at the root rather than beside each text so that schema objects keep only
 * JSON Schema keywords (strict validators reject unknown ones).
 *
 * @module
 */

/** The root extension that keeps the spec sections each text was traced to. */
export const SPEC_SECTIONS_EXTENSION = 'x-querymode-spec-sections';

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

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

function visit(value: unknown, pointer: string, trace: Map<string, string[]>): unknown {
  if (Array.isArray(value)) return value.map((item, i) => visit(item, `${pointer}/${i}`, trace));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (PROSE_KEYS.has(key) && typeof inner === 'string') {
      const { text, sections } = publicText(inner);
      out[key] = text;
      if (sections.length > 0) {
        const known = trace.get(pointer) ?? [];
        for (const s of sections) if (!known.includes(s)) known.push(s);
        trace.set(pointer, known);
      }
    } else {
      out[key] = visit(inner, `${pointer}/${escapePointer(key)}`, trace);
    }
  }
  return out;
}

/**
 * The document with public prose: section references moved into {@link SPEC_SECTIONS_EXTENSION}
 * at the root, "not shown" and "not described" said as "not documented". A new object; the input
 * is not changed.
 */
export function withPublicProse<D extends object>(document: D): D {
  const trace = new Map<string, string[]>();
  const out = visit(document, '', trace) as Record<string, unknown>;
  out[SPEC_SECTIONS_EXTENSION] = Object.fromEntries([...trace].map(([p, s]) => [p === '' ? '/' : p, s]));
  return out as D;
}

/**
 * Texts with parameters: a template is a text in which `{name}` stands for the parameter `name`.
 * A check writes its message and remedy as templates, so a `--detail` record can give a finding's
 * words as its template's key and the parameters alone (the legend holds the templates).
 *
 * @module
 */

/** A parameter's place in a template: `{` a name of letters, digits and `_` `}`. */
const PLACE = /\{(\w+)\}/g;

/**
 * `template` with each `{name}` replaced by `params[name]`, in one pass (a value is never read as
 * a template); a name that `params` lacks stays as written.
 */
export function fillTemplate(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(PLACE, (place, name: string) =>
    Object.hasOwn(params, name) ? (params[name] as string) : place,
  );
}

/**
 * `template` with its parameters replaced by `values` in the order each first appears (a name that
 * appears twice takes one value), in one pass; a parameter without a value stays as written.
 */
export function fillInOrder(template: string, values: readonly string[]): string {
  const names: string[] = [];
  return template.replace(PLACE, (place, name: string) => {
    let at = names.indexOf(name);
    if (at < 0) at = names.push(name) - 1;
    return at < values.length ? (values[at] as string) : place;
  });
}

/** A template read for matching: its parameters' names in order, and a pattern that finds their values. */
export interface TemplateMatcher {
  readonly template: string;
  readonly names: readonly string[];
  readonly pattern: RegExp;
}

/** The matcher of `template` (made once per template, where the templates are defined). */
export function templateMatcher(template: string): TemplateMatcher {
  const names: string[] = [];
  const parts = template.split(PLACE);
  let source = '^';
  parts.forEach((part, i) => {
    if (i % 2 === 0) source += part.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
    else if (names.includes(part)) source += `\\k<${part}>`;
    else {
      names.push(part);
      source += `(?<${part}>[\\s\\S]*?)`;
    }
  });
  return { template, names, pattern: new RegExp(`${source}$`) };
}

/**
 * Parameters that make `matcher`'s template give `text` (a name that appears twice has one value),
 * or undefined when none do.
 */
export function templateParams(matcher: TemplateMatcher, text: string): Record<string, string> | undefined {
  const found = matcher.pattern.exec(text);
  if (found === null) return undefined;
  const params: Record<string, string> = {};
  for (const name of matcher.names) params[name] = found.groups?.[name] as string;
  return params;
}

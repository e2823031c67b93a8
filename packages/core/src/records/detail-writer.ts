/**
 * What the records of a `recommend --ndjson --detail` stream are written with: its legend, and the
 * indexes of it that tell which texts a record cites by key or by template. Built once per stream
 * (`detailWriter`, in each thread that writes records) and passed to every record's builder, so
 * that neither is built by a run that writes no `--detail` record (issue 39: 4 ms of every start
 * when they were built at load).
 *
 * @module
 */
import { fillInOrder, type TemplateMatcher, templateMatcher, templateParams } from '../text/template.js';
import { type DetailLegend, detailLegend, type RecordText } from './detail-legend.js';

/** A template of the legend, as a record's text is matched against it. */
interface LegendTemplate {
  /** Its key in the legend's `templates`. */
  readonly key: string;
  readonly matcher: TemplateMatcher;
  /** Its text before the first parameter. */
  readonly head: string;
}

/** A stream's legend and what its records are written with (see the module comment). */
export interface DetailWriter {
  /** The legend of the stream, its first line. */
  readonly legend: DetailLegend;
  /** The key of each text of the legend (a text two keys share keeps the first). */
  readonly keys: ReadonlyMap<string, string>;
  /** Of each template of the legend, its matcher: the one with the most words of its own first (it leaves the fewest to its parameters). */
  readonly templates: readonly LegendTemplate[];
  /** Of each check with templates, a matcher of each template, by key. */
  readonly checks: ReadonlyMap<string, readonly (readonly [string, TemplateMatcher])[]>;
}

/** The characters of `template` besides its parameters. */
const ownLength = (template: string): number => template.replace(/\{\w+\}/g, '').length;

/** The writer of the records of a stream of this build, and its legend, built now. */
export function detailWriter(): DetailWriter {
  const legend = detailLegend();
  return {
    legend,
    keys: new Map(
      Object.entries(legend.texts)
        .reverse()
        .map(([key, text]) => [text, key]),
    ),
    templates: Object.entries(legend.templates)
      .map(([key, template]) => ({
        key,
        matcher: templateMatcher(template),
        head: template.slice(0, template.indexOf('{')),
      }))
      .sort((a, b) => ownLength(b.matcher.template) - ownLength(a.matcher.template)),
    checks: new Map(
      Object.entries(legend.checks).flatMap(([id, check]) =>
        check.words === undefined
          ? []
          : [[id, Object.entries(check.words).map(([key, t]) => [key, templateMatcher(t)] as const)]],
      ),
    ),
  };
}

/**
 * `text` as `[key, ...values]` of the first of `templates` that gives it, or itself; a value that
 * is another text of the record is given as its index (`indexOf`, -1 when it is none).
 */
export function templatedText(
  templates: DetailWriter['templates'],
  text: string,
  indexOf: (text: string) => number,
): RecordText {
  for (const { key, matcher, head } of templates) {
    if (!text.startsWith(head)) continue;
    const params = templateParams(matcher, text);
    if (params === undefined) continue;
    const values = matcher.names.map((name) => params[name] as string);
    if (fillInOrder(matcher.template, values) !== text) continue;
    return [
      key,
      ...values.map((v) => {
        const at = v === text ? -1 : indexOf(v);
        return at < 0 ? v : at;
      }),
    ];
  }
  return text;
}

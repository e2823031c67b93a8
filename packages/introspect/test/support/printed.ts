/**
 * Every SQL statement and question the advisor prints for a table: the remedies (`sql`, with the
 * action in words) and the questions' queries of every candidate of `recommend`, each once.
 */
import {
  checkAgainstTable,
  exampleConfig,
  type FieldSpec,
  MODES,
  type QueryModeBody,
  recommend,
  type TableTraits,
} from '@querymode/core';

/** A remedy as printed. */
export interface PrintedRemedy {
  readonly action: string;
  readonly sql: string;
}

/** A question as printed. */
export interface PrintedQuestion {
  readonly path: readonly (string | number)[];
  readonly question: string;
  readonly query: string;
}

/** The traits with every column fact but the name and type unknown, so that each is asked. */
const unknownColumns = (traits: TableTraits): TableTraits =>
  traits.columns === undefined
    ? traits
    : {
        ...traits,
        columns: traits.columns.map((c) =>
          c.type === undefined ? { name: c.name } : { name: c.name, type: c.type },
        ),
      };

/**
 * Every body `querymode check` may be given for the table: each mode, with each of its column
 * fields naming each column in turn.
 */
function bodiesFor(traits: TableTraits): QueryModeBody[] {
  const out: QueryModeBody[] = [];
  for (const mode of MODES) {
    const fields = (mode.fields as readonly FieldSpec[]).filter((f) => f.kind === 'column_name');
    if (fields.length === 0) continue;
    for (const c of traits.columns ?? []) {
      const config: Record<string, unknown> = { ...exampleConfig(mode) };
      for (const f of fields) config[f.name] = c.name;
      out.push({ config } as unknown as QueryModeBody);
    }
  }
  return out;
}

/**
 * The remedies and questions printed for a table, each once: by `recommend` on its traits and on
 * its traits with the column facts unknown, and by `check` of every body naming its columns.
 */
export function printedFor(traits: TableTraits): {
  remedies: PrintedRemedy[];
  questions: PrintedQuestion[];
  words: string[];
} {
  const outputs: unknown[] = [];
  for (const t of [traits, unknownColumns(traits)]) {
    const r = recommend(t);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    outputs.push(r.value);
    for (const body of bodiesFor(t)) {
      const f = checkAgainstTable(body, t);
      if (!f.ok) throw new Error(JSON.stringify(f.issues));
      outputs.push(f.value);
    }
  }
  const remedies = new Map<string, PrintedRemedy>();
  const questions = new Map<string, PrintedQuestion>();
  const words = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    const o = v as Record<string, unknown>;
    if (typeof o.query === 'string' && typeof o.question === 'string')
      questions.set(o.query, { path: o.path as (string | number)[], question: o.question, query: o.query });
    if (typeof o.sql === 'string') {
      const action = typeof o.remedy === 'string' ? o.remedy : typeof o.action === 'string' ? o.action : '';
      remedies.set(o.sql, { action, sql: o.sql });
    } else if (typeof o.remedy === 'string') words.add(o.remedy);
    else if (typeof o.action === 'string' && typeof o.rule === 'string') words.add(o.action);
    for (const x of Object.values(o)) walk(x);
  };
  walk(outputs);
  return { remedies: [...remedies.values()], questions: [...questions.values()], words: [...words] };
}

/**
 * A name as a sentence shows it (`shownName`: between backticks, escaped as JSON escapes it, with
 * a `"` left as it is), read back: the text between the backticks, parsed as a JSON string.
 */
export function nameFrom(shown: string): string {
  return JSON.parse(`"${shown.replaceAll('"', '\\"')}"`) as string;
}

/** The columns a remedy says the database will set on every update (`Make the database set \`x\``, `Add a column \`x\` that the database sets`). */
export function updateTracked(remedies: readonly PrintedRemedy[]): string[] {
  const out = new Set<string>();
  for (const r of remedies) {
    const m =
      /^Make the database set `([^`]+)` on every update/.exec(r.action) ??
      /^Add a column `([^`]+)` that the database sets on insert and on every update/.exec(r.action);
    if (m?.[1] !== undefined) out.add(nameFrom(m[1]));
  }
  return [...out];
}

/** The columns a remedy adds for a new value on every insert. */
export function identityAdded(remedies: readonly PrintedRemedy[]): string[] {
  const out = new Set<string>();
  for (const r of remedies) {
    const m = /^Add a column `([^`]+)` that the database gives a new, higher value on every insert/.exec(
      r.action,
    );
    if (m?.[1] !== undefined) out.add(nameFrom(m[1]));
  }
  return [...out];
}

/**
 * Whether a failed run is the refusal the remedy's words announce (it fails, changing nothing,
 * while the column holds NULLs), not harm.
 */
export function announcedRefusal(remedy: PrintedRemedy, stderr: string): boolean {
  return (
    remedy.action.includes('the statement fails, changing nothing, while NULLs remain') &&
    /contains null values|Invalid use of NULL value|cannot be null/i.test(stderr) &&
    (stderr.match(/ERROR/g) ?? []).length === 1
  );
}

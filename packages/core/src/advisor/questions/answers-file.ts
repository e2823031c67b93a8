/**
 * The open questions of a plan as an answers file to fill in (`recommend --ndjson --questions
 * FILE`): YAML that `--answers` reads back, each question a commented entry (its words, its
 * query, what its answer may save, or that a table's best mode waits for it) whose value is
 * `unknown` until the user replaces it. A
 * question every table of the plan asks goes in `defaults`; one every table of a schema asks, in
 * a glob of that schema (`sales.*`); any other, in each table's own entry. Read back unchanged,
 * the file answers nothing (`unknown` is not an answer).
 *
 * @module
 */

import { neverThrows } from '../../issues/unreadable.js';
import { formatCount } from '../../text/count.js';
import { visibleText } from '../../text/visible.js';
import { isGlob, plainParts } from '../answers/match.js';
import {
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  PIPELINE_MODES,
  SOURCE_KINDS,
  TABLE_TRAIT_FIELDS,
  type TraitField,
} from '../traits/model.js';
import { GLOB_DOTS, type GroupTable, type QuestionGroup, type QuestionTally } from './plan-questions.js';

/** What the file says around its questions. */
export interface AnswersFileOptions {
  /** The span of the savings, in words: `30 days`. */
  readonly span: string;
}

/**
 * A question's comment block to write for some of its tables: written when its entry is (`block`).
 * Its first table apart, and no list while it has one (every block of cli-ndjson's 100,000 tables):
 * the layout is held until the file is written, so what it makes a table is copied by the young
 * collections and promoted.
 */
interface BlockOf {
  readonly group: GroupText;
  readonly first: GroupTable;
  /** Every table of the block, `first` too; undefined while `first` is the only one. */
  tables: readonly GroupTable[] | undefined;
}

/** The tables of a block, as a list. */
const tablesOf = (b: BlockOf): readonly GroupTable[] => b.tables ?? [b.first];

/**
 * A place for an answer in one entry (its group's `place`): the block of the question that made
 * it, then the blocks of the questions of the same key in other words (none: undefined).
 */
interface Leaf extends BlockOf {
  more: BlockOf[] | undefined;
}

/**
 * Where a question's answer goes in any entry, in the pieces its lines are written from: made once
 * a question, not once a leaf (a section's id, a key sliced and joined, an answer's line a table).
 */
interface Place {
  /** The section of an entry it is in: `:<name>` for a root answer, else the first key (`changes`, `columns`). */
  readonly section: string;
  /** The column of a `columns` answer ('' for any other). */
  readonly column: string;
  /** Its key within its section (a column's item, for a `columns` answer). */
  readonly key: string;
  /** The values its answer may take, in words. */
  readonly hint: string;
  /** `<key>: unknown  # <hint>` at each indent it is written at (`leafLines`). */
  readonly answers: Map<string, string>;
}

/** The place of the answer at `at` (see `Place`). */
function placeOf(at: readonly string[]): Place {
  const root = at.length === 1;
  const section = root ? `:${at[0]}` : (at[0] as string);
  const columns = !root && section === 'columns';
  const key = root ? (at[0] as string) : at.slice(columns ? 2 : 1).join('.');
  return { section, column: columns ? (at[1] as string) : '', key, hint: hintOf(at), answers: new Map() };
}

/**
 * An entry of the file: `defaults`, a glob or a table; its first leaf, then its leaves by key once
 * it has two (most tables' entries have one: no map of leaves made for them).
 */
interface Entry {
  readonly first: Leaf;
  leaves: Map<string, Leaf> | undefined;
}

/** Characters a YAML double-quoted scalar must not hold raw, or that would act on an editor. */
const ESCAPE_IN_YAML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufffe\uffff\p{Cf}]/gu;

/** A string as a YAML double-quoted scalar, every control, format or bidi character escaped `\uXXXX`. */
export function yamlString(s: string): string {
  if (typeof s !== 'string') return '""';
  // Printable ASCII needs no escape beyond JSON's: a name an entry and a column (part of `fileParts`' 9%).
  if (printableAscii(s)) return JSON.stringify(s);
  return JSON.stringify(s).replace(
    ESCAPE_IN_YAML,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Every character of `s` printable ASCII: nothing for `ESCAPE_IN_YAML` to find once JSON has quoted it. */
function printableAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

const FIELDS: Readonly<Record<string, readonly TraitField[]>> = {
  '': TABLE_TRAIT_FIELDS,
  changes: CHANGE_TRAIT_FIELDS,
  change_tracking: CHANGE_TRACKING_TRAIT_FIELDS,
  columns: COLUMN_TRAIT_FIELDS,
};

/** The values an answer may take, in words, from the field table's kind of value. */
function hintOf(at: readonly string[]): string {
  const within = at.length === 1 ? '' : (at[0] as string);
  const name = at[at.length - 1] as string;
  const field = FIELDS[within]?.find((f) => f.name === name);
  const rate =
    within === 'changes' && !name.endsWith('_per_day')
      ? `; add ${name}_per_day: <n> if you know the rate`
      : '';
  switch (field?.kind) {
    case 'source':
      return `one of ${SOURCE_KINDS.join(', ')}`;
    case 'pipeline_mode':
      return `one of ${PIPELINE_MODES.join(', ')}`;
    case 'change_answer':
      return `yes or no${rate}`;
    case 'boolean':
      return 'true or false';
    case 'count':
      return 'a whole number';
    case 'rate':
    case 'positive':
      return 'a number';
    case 'columns':
      return 'the list of columns, each - name: "..." with its type and facts';
    default:
      return 'the answer';
  }
}

/** Comment lines of text that may span lines: each line made visible. */
const commentLines = (text: string, prefix: string): string[] =>
  text.split('\n').map((l) => `${prefix}${visibleText(l)}`);

/**
 * `commentLines` at `indent` as one piece of the file: the text made visible at once and its
 * newlines followed by the indent and prefix, not split, mapped and joined (a query a table).
 */
function commentPiece(text: string, prefix: string, indent: string): string {
  const start = `${indent}${prefix}`;
  return `${start}${visibleText(text).replaceAll('\n', `\n${start}`)}`;
}

/** What a group's answers may save, in words. */
function savingWords(saves: string, breakEven: number, awaited: number, span: string): string {
  const parts: string[] = [];
  if (saves !== '0') parts.push(`may save up to ${formatCount(saves)} billed events over ${span}`);
  if (breakEven > 0)
    parts.push(
      `${breakEven === 1 ? '1 table bills' : `${formatCount(breakEven)} tables bill`} fewer events while changing fewer rows a day than a whole-table read loads (break-even)`,
    );
  if (awaited > 0)
    parts.push(
      `${awaited === 1 ? '1 table has' : `${formatCount(awaited)} tables have`} no recommendation until it is answered (its best mode waits for it; answering saves nothing against that mode)`,
    );
  return parts.length === 0 ? 'no saving known' : parts.join('; ');
}

/** No lines, shared. */
const NO_LINES: readonly string[] = Object.freeze([]);

/** At most this many tables' own figures in a comment block; the rest are counted. */
const FIGURES_SHOWN = 10;

/** Each table's own figure (the insert rate that keeps it under the row limit), as comment lines. */
function figureLines(tables: readonly GroupTable[]): readonly string[] {
  // One table without a figure (most blocks): no list filtered for it.
  if (tables.length === 1 && tables[0]?.figure === undefined) return NO_LINES;
  const own = tables.filter((t) => t.figure !== undefined);
  if (own.length === 0) return NO_LINES;
  const lines = own
    .slice(0, FIGURES_SHOWN)
    .flatMap((t) =>
      commentLines(
        tables.length === 1 || t.table === null
          ? (t.figure as string)
          : `${JSON.stringify(t.table)}: ${t.figure as string}`,
        '#    ',
      ),
    );
  if (own.length > FIGURES_SHOWN)
    lines.push(`#    and ${formatCount(own.length - FIGURES_SHOWN)} more tables, each with its own figure`);
  return lines;
}

/** What every block of one question shares, in words once a question rather than once a table. */
interface GroupText {
  readonly rank: number;
  readonly group: QuestionGroup;
  /** Where its answer goes, as the key of an entry's leaves. */
  readonly id: string;
  /** `# <rank>. <question>`, a line each. */
  readonly head: readonly string[];
  /** `; unlocks <modes>`. */
  readonly unlocks: string;
  /** Where its answer goes in an entry. */
  readonly place: Place;
  /** `head` at each indent it is written at, as one piece (`headAt`). */
  readonly heads: Map<string, string>;
}

const groupText = (rank: number, group: QuestionGroup): GroupText => ({
  rank,
  group,
  id: JSON.stringify(group.at),
  head: commentLines(`${rank}. ${group.question}`, '# '),
  unlocks: `; unlocks ${group.modes.join(', ')}`,
  place: placeOf(group.at),
  heads: new Map(),
});

/** `lines` each after `indent`, as one piece of the file (lines joined by newlines). */
const indented = (indent: string, lines: readonly string[]): string =>
  `${indent}${lines.join(`\n${indent}`)}`;

/** A question's head at `indent`, made once an indent rather than once a block, a table (part of `fileParts`' 9%). */
function headAt(group: GroupText, indent: string): string {
  let head = group.heads.get(indent);
  if (head === undefined) {
    head = indented(indent, group.head);
    group.heads.set(indent, head);
  }
  return head;
}

/**
 * The file while it is written: its pieces not yet joined (a piece is one line or several joined
 * by newlines), and each reason for no query as a piece at each indent, made once.
 */
interface Writing {
  readonly out: string[];
  /** The pieces written so far, joined a few thousand at a time (`flush`). */
  readonly chunks: string[];
  readonly options: AnswersFileOptions;
  readonly noQueries: Map<string, Map<string, string>>;
}

/** Pieces held apart before they are joined into one string. */
const LINES_A_CHUNK = 4096;

/**
 * Joins the pieces written into a chunk, each closed by its newline, once there are enough
 * (or `all`): 360,000 lines held apart to the end of a plan of 100,000 tables cost `--questions` a
 * second in garbage collection, copying them young (pnpm bench questions).
 */
function flush(w: Writing, all = false): void {
  if (w.out.length === 0 || (!all && w.out.length < LINES_A_CHUNK)) return;
  w.out.push('');
  w.chunks.push(w.out.join('\n'));
  w.out.length = 0;
}

/** Adds `lines`, each after `indent`. */
function pushIndented(out: string[], indent: string, lines: readonly string[]): void {
  for (const l of lines) out.push(`${indent}${l}`);
}

/**
 * Writes the comment block of a question for some of its tables at `indent`: its words, its
 * tables, saving, modes and query (the blocks of 100,000 tables, made all before the file was
 * written, cost `--questions` a third of its garbage collection).
 */
function block(w: Writing, indent: string, b: BlockOf): void {
  const { group, first } = b;
  const count = b.tables === undefined ? 1 : b.tables.length;
  let saves = 0n;
  let breakEven = 0;
  let awaited = 0;
  // One table (most blocks) with a safe whole saving: its digits as they are, no BigInt made and added (8 ms of the end's 400, 1 thread).
  const alone = count === 1 && Number.isSafeInteger(first.saves);
  if (!alone)
    for (const t of tablesOf(b)) {
      if (t.saves !== null) saves += BigInt(t.saves);
      else if (t.billedBelow !== null) breakEven++;
      if (t.awaited === true) awaited++;
    }
  else if (first.awaited === true) awaited++;
  const who = count === 1 ? 'this table' : `${formatCount(count)} tables`;
  w.out.push(
    headAt(group, indent),
    `${indent}#    ${who}; ${savingWords(alone ? String(first.saves) : saves.toString(), breakEven, awaited, w.options.span)}${group.unlocks}`,
  );
  // One table without a figure (most blocks): no list made for `figureLines`.
  if (count !== 1 || first.figure !== undefined) pushIndented(w.out, indent, figureLines(tablesOf(b)));
  // Read once: a table's query is written from its recipe when read.
  const query = first.query;
  if (query === null) {
    const why = first.noQuery ?? 'no query';
    // By indent, then reason: a block a table, and a handful of each (no key string built a block).
    let atIndent = w.noQueries.get(indent);
    if (atIndent === undefined) {
      atIndent = new Map();
      w.noQueries.set(indent, atIndent);
    }
    let lines = atIndent.get(why);
    if (lines === undefined) {
      lines = commentPiece(why, '#    ', indent);
      atIndent.set(why, lines);
    }
    w.out.push(lines);
  } else {
    const whose =
      count === 1 || first.table === null
        ? 'the query:'
        : `the query, for ${visibleText(JSON.stringify(first.table))} (each table's names itself):`;
    w.out.push(`${indent}#    ${whose}`, commentPiece(query, '#      ', indent));
  }
}

/** The schema prefix of a table's name (`sales.`), or undefined when no glob can name its schema alone. */
function schemaPrefix(table: string): string | undefined {
  const parts = plainParts(table);
  if (parts === undefined || parts.length < 2) return undefined;
  // The prefix's dots: one after each part but the last, and those the parts hold (counted, not split: 100,000 tables).
  let dots = parts.length - 1;
  for (let i = 0; i < parts.length - 1; i++)
    for (
      let at = (parts[i] as string).indexOf('.');
      at !== -1;
      at = (parts[i] as string).indexOf('.', at + 1)
    )
      dots++;
  if (dots > GLOB_DOTS) return undefined;
  const prefix = parts.length === 2 ? `${parts[0]}.` : `${parts.slice(0, -1).join('.')}.`;
  return isGlob(prefix) ? undefined : prefix;
}

/** Adds `t` to the list of `key` (a copy of the list per table made a group of 100,000 tables quadratic). */
function pushTo(lists: Map<string, GroupTable[]>, key: string, t: GroupTable): void {
  const list = lists.get(key);
  if (list === undefined) lists.set(key, [t]);
  else list.push(t);
}

/**
 * Where each table of a group is answered: the globs that reach exactly its tables of a schema,
 * the tables left (each in its own entry: `ownTables`), and the tables no entry can name.
 */
function placements(
  g: QuestionGroup,
  tally: QuestionTally,
): { globs: Map<string, GroupTable[]>; own: GroupTable[][]; unnamed: GroupTable[] } {
  const bySchema = new Map<string, GroupTable[]>();
  const own: GroupTable[][] = [];
  const unnamed: GroupTable[] = [];
  for (const t of g.tables) {
    if (t.table === null || isGlob(t.table)) {
      unnamed.push(t);
      continue;
    }
    const prefix = schemaPrefix(t.table);
    pushTo(bySchema, prefix === undefined ? `\u0000${t.table}` : prefix, t);
  }
  const globs = new Map<string, GroupTable[]>();
  for (const [prefix, tables] of bySchema) {
    if (!prefix.startsWith('\u0000') && tables.length >= 2 && tables.length === tally.tablesUnder(prefix))
      globs.set(`${prefix}*`, tables);
    else own.push(tables);
  }
  return { globs, own, unnamed };
}

/**
 * Adds a question's block to the entry of each of `tables` (its schema's, not a glob's), a block
 * an entry with every table of that name: no map of the tables' own lists, which cost a list and
 * a map entry a table (part of `fileParts`' 9%).
 */
function ownTables(entries: Map<string, Entry>, group: GroupText, tables: readonly GroupTable[]): void {
  for (const t of tables) {
    const e = entries.get(t.table as string);
    // A table named twice in a group: its entry has this question's block already, its leaf's last
    // (a leaf may hold an earlier question's block too: two questions of one key, in other words).
    const leaf = e === undefined ? undefined : leafAt(e, group.id);
    const mine = leaf?.more === undefined ? leaf : leaf.more.at(-1);
    if (mine?.group === group) {
      // Its list is this loop's own (an own table's block starts without one): added to, not copied.
      if (mine.tables === undefined) mine.tables = [mine.first, t];
      else (mine.tables as GroupTable[]).push(t);
    } else if (e === undefined)
      entries.set(t.table as string, entryOf({ group, first: t, tables: undefined }));
    else addLeaf(e, { group, first: t, tables: undefined });
  }
}

/** A new entry whose first leaf is the block `b`'s. */
const entryOf = (b: BlockOf): Entry => ({ first: leafOf(b), leaves: undefined });

/** A new leaf whose first block is `b`. */
const leafOf = (b: BlockOf): Leaf => ({ group: b.group, first: b.first, tables: b.tables, more: undefined });

/** The leaf of `e` at the place `id` (a group's `id`), if it has one. */
function leafAt(e: Entry, id: string): Leaf | undefined {
  return e.leaves === undefined ? (e.first.group.id === id ? e.first : undefined) : e.leaves.get(id);
}

/** The entry named `name` with the block `b` added, made on first use. */
function addTo(entries: Map<string, Entry>, name: string, b: BlockOf): void {
  const e = entries.get(name);
  if (e === undefined) entries.set(name, entryOf(b));
  else addLeaf(e, b);
}

/** Adds a question's block at its place in an entry. */
function addLeaf(e: Entry, b: BlockOf): void {
  const { id } = b.group;
  const leaf = leafAt(e, id);
  if (leaf === undefined) {
    if (e.leaves === undefined) e.leaves = new Map([[e.first.group.id, e.first]]);
    e.leaves.set(id, leafOf(b));
  } else if (leaf.more === undefined) leaf.more = [b];
  else leaf.more.push(b);
}

/** Writes one answer at `indent`: its comment blocks, then `key: unknown` and its values in words. */
function leafLines(w: Writing, leaf: Leaf, indent: string): void {
  block(w, indent, leaf);
  if (leaf.more !== undefined) for (const b of leaf.more) block(w, indent, b);
  const { place } = leaf.group;
  let answer = place.answers.get(indent);
  if (answer === undefined) {
    answer = `${indent}${place.key}: unknown  # ${place.hint}`;
    place.answers.set(indent, answer);
  }
  w.out.push(answer);
}

/**
 * Writes an entry's leaves at `indent`: root answers, `changes:` and `change_tracking:` with their
 * answers, and `columns:` with an item per column, each section where its best-ranked question
 * puts it (a question has one leaf an entry, so the leaves in rank order give the sections' order).
 * The leaves are in rank order as made: the questions are placed in rank order (`fileParts`).
 */
function entryLines(w: Writing, e: Entry, indent: string): void {
  // One leaf (most tables' entries): its section alone, no map of the sections made.
  if (e.leaves === undefined) {
    sectionLines(w, sectionOf(e.first), [e.first], indent);
    return;
  }
  const sections = new Map<string, Leaf[]>();
  for (const leaf of e.leaves.values()) {
    const id = sectionOf(leaf);
    const section = sections.get(id);
    if (section === undefined) sections.set(id, [leaf]);
    else section.push(leaf);
  }
  for (const [id, leaves] of sections) sectionLines(w, id, leaves, indent);
}

/** The section of an entry a leaf is written in: `:<name>` for a root answer, else its first key. */
const sectionOf = (leaf: Leaf): string => leaf.group.place.section;

/** Writes the leaves of one section (`sectionOf`) of an entry at `indent`. */
function sectionLines(w: Writing, id: string, leaves: readonly Leaf[], indent: string): void {
  if (id === 'columns') columnLines(w, leaves, indent);
  else if (id.startsWith(':')) for (const leaf of leaves) leafLines(w, leaf, indent);
  else {
    w.out.push(`${indent}${id}:`);
    const within = `${indent}  `;
    for (const leaf of leaves) leafLines(w, leaf, within);
  }
}

/** Writes `columns:` and an item per column named by `leaves`, in the order of its best-ranked question. */
function columnLines(w: Writing, leaves: readonly Leaf[], indent: string): void {
  w.out.push(`${indent}columns:`);
  // One leaf (a table asked one column question): its column alone, no map of the columns made.
  if (leaves.length === 1) {
    columnItem(w, (leaves[0] as Leaf).group.place.column, leaves, indent);
    return;
  }
  const byName = new Map<string, Leaf[]>();
  for (const leaf of leaves) {
    const name = leaf.group.place.column;
    const column = byName.get(name);
    if (column === undefined) byName.set(name, [leaf]);
    else column.push(leaf);
  }
  for (const [name, column] of byName) columnItem(w, name, column, indent);
}

/** Writes the item of the column `name` of `columns:` with its leaves. */
function columnItem(w: Writing, name: string, leaves: readonly Leaf[], indent: string): void {
  w.out.push(`${indent}  - name: ${yamlString(name)}`);
  const within = `${indent}    `;
  for (const leaf of leaves) leafLines(w, leaf, within);
}

/**
 * The answers file of a plan's open questions (`tally`, fed every table of the plan): YAML with
 * a comment per question, every value `unknown`. `--answers` reads it back; unchanged, it answers
 * nothing. `groups` are the tally's, when the caller has them already. In parts of a few thousand
 * lines, which make the file in their order: a writer writes them one by one (the file of 100,000
 * tables is 30 MB, joined and encoded at once for nothing: pnpm bench questions). Never throws:
 * given what is not a tally, the file of a plan with no question.
 */
export function questionsFileParts(
  tally: QuestionTally,
  options: AnswersFileOptions,
  groups?: readonly QuestionGroup[],
): readonly string[] {
  return neverThrows(fileParts, [tally, options, groups], noQuestionsFile);
}

/** The file of a plan with no question (`questionsFileParts`' answer to what is not a tally). */
const noQuestionsFile = (): readonly string[] => [`${HEADER.join('\n')}\ntables: {}\n`];

/** The lines every file starts with, after its count. */
const HEADER = [
  '# Replace `unknown` with the answer where you know it; leave `unknown` where you do not',
  '# (it answers nothing), then run recommend again with --answers and this file.',
  '# An answer is a fact you vouch for: a fact read from the database stands over it.',
];

/**
 * The file in parts. Its end of 100,000 tables took 357 ms of CPU, 324 ms with this file's cuts
 * (heads once an indent, own entries without a map, no sort, a query's comment as one piece, ASCII
 * names quoted by JSON alone): 0.91x in process, 24 rounds alternating (docs/benchmarks.md).
 */
function fileParts(
  tally: QuestionTally,
  options: AnswersFileOptions,
  given: readonly QuestionGroup[] | undefined,
): readonly string[] {
  const groups = given ?? tally.groups();
  // Made in rank order: an entry's rank is that of the first question placed in it.
  const entries = new Map<string, Entry>();
  let defaults: Entry | undefined;
  const unnamed = new Set<string>();
  groups.forEach((g, i) => {
    const rank = i + 1;
    const group = groupText(rank, g);
    if (g.tables.length === tally.tables) {
      const b: BlockOf = { group, first: g.tables[0] as GroupTable, tables: g.tables };
      if (defaults === undefined) defaults = entryOf(b);
      else addLeaf(defaults, b);
      return;
    }
    const placed = placements(g, tally);
    for (const [glob, tables] of placed.globs)
      addTo(entries, glob, { group, first: tables[0] as GroupTable, tables });
    for (const tables of placed.own) ownTables(entries, group, tables);
    for (const t of placed.unnamed)
      unnamed.add(t.table === null ? 'a table without a name' : visibleText(JSON.stringify(t.table)));
  });
  const questions = groups.length;
  const out = [
    `# The open questions of a plan of ${formatCount(tally.tables)} tables, ${questions === 1 ? '1 question' : `${formatCount(questions)} questions`}, the most billed events saved first.`,
    ...HEADER,
    '# An answer in defaults or a glob is for all its tables: give a table its own entry where it differs.',
    `# Savings are over ${options.span}, each at most what the cheaper mode saves once all its questions are answered.`,
  ];
  if (groups.some((g) => g.awaited > 0))
    out.push(
      "# A question a table's best mode waits for (nothing is recommended until it is answered) saves nothing against that mode:",
      '# answered, it decides whether the table gets a recommendation. Those come after the questions that save events.',
    );
  if (unnamed.size > 0)
    out.push(
      `# Not listed, since no entry can name them alone (answer them in defaults): ${[...unnamed].join(', ')}.`,
    );
  const w: Writing = { out, chunks: [], options, noQueries: new Map() };
  if (defaults !== undefined) {
    out.push('defaults:');
    entryLines(w, defaults, '  ');
  }
  if (entries.size === 0) out.push('tables: {}');
  else {
    out.push('tables:');
    for (const [name, e] of entries) {
      out.push(`  ${yamlString(name)}:`);
      entryLines(w, e, '    ');
      flush(w);
    }
  }
  flush(w, true);
  return w.chunks;
}

/**
 * Renders `docs/recommend.md` from the advisor's data and code: the ranking policy, the checks
 * table, the events formulas and worked examples computed by `recommend` itself. Pure: the
 * generation script writes the file and a test compares it with this output.
 *
 * @module
 */
import { DEFAULT_MODE } from '../catalogue/limits.js';
import { MODES } from '../catalogue/modes.js';
import { CHECK_RULES, GENERAL_CHECKS, MODE_PLANS, UNCHECKED_RULES } from './checks.js';
import { estimateEvents } from './estimate.js';
import { ADVISOR_EXAMPLES } from './examples.js';
import { planModeChange } from './plan.js';
import { RANKING_POLICY } from './rank.js';
import { recommend } from './recommend.js';
import {
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  TABLE_TRAIT_FIELDS,
  TRAIT_NUMBERS,
  TRAIT_OPTIONS,
  type TraitField,
} from './traits.js';
import { milder } from './verdicts.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string): string => `\`${s}\``;
const source = (s: string): string => (s === 'outside_spec' ? 'documented outside the spec' : s);

function traitType(f: TraitField): string {
  switch (f.kind) {
    case 'source':
    case 'pipeline_mode':
    case 'change_answer':
      return `one of ${TRAIT_OPTIONS[f.kind].map(code).join(', ')}`;
    case 'count':
    case 'rate':
    case 'positive':
      return TRAIT_NUMBERS[f.kind].expected;
    case 'columns':
      return 'array of column objects (below)';
    case 'changes':
    case 'change_tracking':
      return 'object (below)';
    case 'column_name':
      return 'non-empty string without surrounding white space';
    case 'notes':
      return 'array of strings';
    default:
      return f.kind;
  }
}

function traitTable(title: string, fields: readonly TraitField[]): string[] {
  return [
    `**${title}**`,
    '',
    '| key | value | meaning |',
    '|---|---|---|',
    ...fields.map(
      (f) =>
        `| ${code(f.name)}${f.required ? ' (required)' : ''} | ${cell(traitType(f))} | ${cell(f.description)} |`,
    ),
    '',
  ];
}

function checksSection(): string[] {
  const out = [
    '## Checks',
    '',
    'One check per statement of the spec that a table can break, keyed by the catalogue rule id.',
    'A check reads the facts of the table and says `yes` (nothing to report), `no` (the rule fails: its',
    'severity) or `unknown` (a needed fact is missing: one step milder, error → warning → info → nothing,',
    'marked `unknown: true`). An `error` makes the mode ineligible.',
    '',
    '| mode | rule id | checks | on fail | on unknown | source | rule |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const plan of MODE_PLANS) {
    const rows: string[] = [];
    for (const fp of plan.columnFields) {
      rows.push(
        `| ${code(plan.mode.id)} | ${code('column.exists')} | column of ${code(fp.field.name)} | error | warning (columns unknown) | spec | ${cell(CHECK_RULES.get('column.exists')?.text ?? '')} |`,
      );
      for (const c of fp.checks) {
        const rule = CHECK_RULES.get(c.rule);
        rows.push(
          `| ${code(plan.mode.id)} | ${code(c.rule)} | ${c.test.replace(/_/g, ' ')} (${code(fp.field.name)}) | ${c.fail} | ${milder(c.fail) ?? 'nothing'} | ${source(rule?.source ?? 'spec')} | ${cell(rule?.text ?? '')} |`,
        );
      }
    }
    for (const c of plan.tableChecks) {
      const rule = CHECK_RULES.get(c.rule);
      const what = c.kind
        ? `${c.test.replace(/_/g, ' ')} (${c.kind})`
        : c.field
          ? `${c.test.replace(/_/g, ' ')} (${code(c.field)})`
          : c.test.replace(/_/g, ' ');
      rows.push(
        `| ${code(plan.mode.id)} | ${code(c.rule)} | ${what} | ${c.fail} | ${milder(c.fail) ?? 'nothing'} | ${source(rule?.source ?? 'spec')} | ${cell(rule?.text ?? '')} |`,
      );
    }
    if (plan.captureKinds.length > 0) {
      rows.push(
        `| ${code(plan.mode.id)} | ${code('capture.change_kinds')} | ${plan.captureKinds.join(', ')} | warning | info (not captured), nothing (not described) | spec | ${cell(CHECK_RULES.get('capture.change_kinds')?.text ?? '')} |`,
      );
    }
    out.push(...rows);
  }
  out.push(
    '',
    'General checks, applied to every mode through its catalogue data:',
    '',
    '| rule id | applies to |',
    '|---|---|',
    ...Object.entries(GENERAL_CHECKS).map(([id, to]) => `| ${code(id)} | ${cell(to)} |`),
    '',
    'Catalogue rules without a check of their own:',
    '',
    '| rule id | why |',
    '|---|---|',
    ...Object.entries(UNCHECKED_RULES).map(([id, why]) => `| ${code(id)} | ${cell(why)} |`),
    '',
    'The caller\'s constraints are checked as `error` findings with `source: "caller"`: `option.supported_modes`',
    '(the mode is not in `supportedModes`) and `option.must_capture` (a kind in `mustCapture` that the',
    'catalogue does not say the mode captures; "not described" does not count as captured).',
    '',
  );
  return out;
}

function estimateSection(): string[] {
  const full = estimateEvents(DEFAULT_MODE, {}, { hours: 24 });
  const incremental = MODES.find((m) => m.reads === 'changes');
  const inc = incremental ? estimateEvents(incremental.id, {}, { hours: 24 }) : undefined;
  return [
    '## Events estimates',
    '',
    '`estimateEvents(mode, traits, { hours })` counts ingested records (the events of spec 6) over the horizon.',
    '`events` is `null` when a fact it needs is unknown; the formula and assumptions say which.',
    '',
    `- A mode that reads the whole table (${MODES.filter((m) => m.reads === 'whole_table')
      .map((m) => code(m.id))
      .join(', ')}): \`${full.formula}\`.`,
    ...full.assumptions.filter((a) => !a.endsWith('not known.')).map((a) => `  - ${a}`),
    `- A mode that reads changes: the rates of the kinds it captures, for example ${code(incremental?.id ?? '')}: \`${inc?.formula ?? ''}\`.`,
    ...(inc?.assumptions ?? []).filter((a) => !a.includes('not known')).map((a) => `  - ${a}`),
    '  - A kind the table does not have (`no`, or a rate of 0) counts 0; a kind it has, or may have, needs its rate.',
    '  - A kind whose capture the spec does not describe for this mode, while describing it for others, makes the estimate `null` unless the table does not have it.',
    '  - A kind no mode is described as capturing (deletes) is left out of every estimate, and the assumptions say so.',
    '',
  ];
}

function exampleSection(): string[] {
  const out: string[] = [
    '## Worked examples',
    '',
    'Computed by `recommend` when this file is generated.',
    '',
  ];
  for (const example of ADVISOR_EXAMPLES) {
    const r = recommend(example.traits, example.options);
    out.push(
      `### ${example.title}`,
      '',
      example.point,
      '',
      '```json',
      JSON.stringify(example.traits, null, 2),
      '```',
      '',
    );
    const opts = Object.entries(example.options).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    if (opts.length > 0) out.push(`Options: ${opts.map(code).join(', ')}.`, '');
    out.push(
      '| rank | mode | eligible | misses | events | errors | warnings | first error or warning |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const c of r.candidates) {
      const errors = c.findings.filter((f) => f.severity === 'error');
      const warnings = c.findings.filter((f) => f.severity === 'warning');
      const first = errors[0] ?? warnings[0];
      out.push(
        `| ${c.rank} | ${code(c.mode)} | ${c.eligible ? 'yes' : 'no'} | ${c.misses.join(', ') || '–'} | ${c.events.events ?? 'unknown'} | ${errors.length} | ${warnings.length} | ${first ? `${code(first.rule)}: ${cell(first.message)}` : '–'} |`,
      );
    }
    out.push('');
    if (r.chosen === null) {
      out.push('Chosen: none.', '');
    } else {
      out.push(
        `Chosen: ${code(r.chosen)}, with the body:`,
        '',
        '```json',
        JSON.stringify(r.body, null, 2),
        '```',
        '',
      );
    }
    out.push('Reasons:', '', ...r.reasons.map((reason) => `- ${reason}`), '');
    const unlock = r.candidates.find((c) => !c.eligible && c.remedies.length > 0);
    if (unlock) {
      out.push(
        `Remedies that would unlock ${code(unlock.mode)}:`,
        '',
        ...unlock.remedies.map((x) => `- ${cell(x)}`),
        '',
      );
    }
  }
  return out;
}

function planSection(): string[] {
  const example = ADVISOR_EXAMPLES[0];
  if (example === undefined) return [];
  const r = planModeChange(null, 'timestamp+incrementing', example.traits, { horizonHours: 24 });
  if (!r.ok) return [];
  const p = r.value;
  return [
    '## Mode changes',
    '',
    '`planModeChange(current, next, traits)` says what a change does: change kinds gained, lost or',
    "uncertain (one side not described), the next mode's findings, the events before and after, and",
    `the restart of ingestion. A new object (\`current\` null) starts at ${code(DEFAULT_MODE)} (spec 3). The spec`,
    'shows no transition rules, so no change is forbidden. Changing the mode restarts ingestion of the',
    'object from the beginning (documented outside the spec).',
    '',
    `For the first example's table, from a new object to ${code(p.to)}:`,
    '',
    `- from ${code(p.from)} to ${code(p.to)}; gained: ${p.gained.join(', ') || 'none'}; lost: ${p.lost.join(', ') || 'none'}; uncertain: ${p.uncertain.join(', ') || 'none'}`,
    `- events over ${p.events.horizonHours} h: ${p.events.current.events ?? 'unknown'} before, ${p.events.next.events ?? 'unknown'} after (difference ${p.events.difference ?? 'unknown'}); restart: ${p.events.restart ?? 'unknown'} rows read again once`,
    `- restarts ingestion: ${String(p.restartsIngestion)}`,
    ...p.notes.map((n) => `- ${n}`),
    '',
  ];
}

/** The whole of `docs/recommend.md`. */
export function renderRecommendMarkdown(): string {
  const lines = [
    '# Recommending a query mode',
    '',
    '<!-- Generated from the advisor (packages/core/src/advisor) by `pnpm run docs`. Do not edit. -->',
    '',
    '`recommend(traits, options)` takes what is known of one source table (its traits) and returns every',
    'query mode as a candidate: eligible or not, its findings, the change kinds it captures against',
    'those the table has, its estimated events, the remedies that would unlock or improve it, and a',
    'body with the column names filled in from the table. It names the best eligible candidate, or none.',
    '',
    "For many tables (the CLI's `recommend --ndjson`), `recommendSummary(traits, options)` makes the same",
    "choice with the same body, events estimate and reasons, but only counts the other candidates'",
    'findings instead of writing them out; a property test holds the two equal.',
    '',
    '## Ranking policy',
    '',
    'Candidates are compared on these criteria in order; the first that differs decides.',
    '',
    ...RANKING_POLICY.map((c, i) => `${i + 1}. **${c.id}**: ${c.text}`),
    '',
    'The chosen mode is the first candidate when it is eligible; otherwise no mode is chosen.',
    '',
    '## Filling the body',
    '',
    "Each field that names a column gets the table's column that best passes that field's checks (the",
    "catalogue's `column.role` decides which checks apply, `column.nulls` whether NULLs are checked).",
    'First come the checks that say what the column is for its role (a date-and-time type for a',
    'timestamp, unique values, a new value on every insert): a column that fails one ranks after every',
    'column that does not, and one whose fact is unknown after every column known to pass. Then fewest',
    'errors, warnings and infos; the earlier column on a tie. A body names each column once. Fields',
    'that are not column names take `options.fieldValues`; a required flag not given is `true` (so',
    '`change_tracking` loads historical data and names its unique column). Without a column list no',
    'column can be chosen, and a mode that needs one has no body and is not eligible.',
    '',
    ...checksSection(),
    ...estimateSection(),
    '## Table traits',
    '',
    'JSON with snake_case keys; every key is optional and an absent key is unknown. Unknown keys are',
    'rejected (`validateTableTraits`, or the zod schema `tableTraitsSchema` and its JSON Schema',
    '`tableTraitsJsonSchema()` in `@querymode/core/schemas`).',
    '',
    ...traitTable('Traits', TABLE_TRAIT_FIELDS),
    ...traitTable('A column', COLUMN_TRAIT_FIELDS),
    ...traitTable('`changes`', CHANGE_TRAIT_FIELDS),
    ...traitTable('`change_tracking`', CHANGE_TRACKING_TRAIT_FIELDS),
    'A yes/no answer in `changes` wins over a rate; with the answer absent or `unknown`, a rate above',
    '0 means yes and a rate of 0 means no.',
    '',
    ...exampleSection(),
    ...planSection(),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

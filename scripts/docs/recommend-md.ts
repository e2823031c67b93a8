/**
 * Renders `docs/recommend.md` from the advisor's data and code: strengths and verdicts, capture
 * safety, the ranking policy, the events model with the service's worked examples, the traits
 * model, and worked examples computed by `recommend` itself. Every number in it is computed here.
 * Pure: the generation script writes the file and a test compares it with this output.
 *
 * @module
 */

import {
  type Candidate,
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  DEFAULT_FREQUENCY_MINUTES,
  DEFAULT_HORIZON_HOURS,
  DEFAULT_MODE,
  DEFAULT_ROWS_ESTIMATE_MARGIN,
  DOCUMENTED,
  estimateEvents,
  GENERAL_RULES,
  planModeChange,
  RANKING_POLICY,
  RETENTION_SUGGESTION,
  recommend,
  SOURCE_KINDS,
  SOURCE_PROFILES,
  TABLE_TRAIT_FIELDS,
  TRAIT_KINDS,
  type TraitField,
  type TraitKindSpec,
  UNCHECKED_RULES,
} from '@querymode/core';
import { UPDATE_TIME_NAMES } from '../../packages/core/src/advisor/facts/update-time-names.js';
import { ADVISOR_EXAMPLES } from './advisor-examples.js';
import { cell, code, fence } from './markdown.js';
import { SERVICE_EXAMPLES } from './service-examples.js';

/** A field's value in words, from its kind's spec (`TRAIT_KINDS`). */
function traitType(f: TraitField): string {
  const spec: TraitKindSpec = TRAIT_KINDS[f.kind];
  switch (spec.base) {
    case 'string':
      if (spec.options !== undefined) return `one of ${spec.options.map(code).join(', ')}`;
      return spec.expected ?? 'string';
    case 'number':
      return spec.expected;
    case 'columns':
      return 'array of column objects (below)';
    case 'object':
      return 'object (below)';
    case 'list':
      return 'array of strings';
    case 'boolean':
      return 'boolean';
  }
}

function flagOf(f: TraitField): string {
  if (f.flag !== undefined) return cell(code(`--${f.flag.name} ${f.flag.value}`));
  if (f.attribute !== undefined)
    return [f.attribute.whenTrue, f.attribute.whenFalse]
      .filter((w): w is string => w !== undefined)
      .map((w) => code(`:${w}`))
      .join(', ');
  return '–';
}

function traitTable(title: string, fields: readonly TraitField[]): string[] {
  return [
    `**${title}**`,
    '',
    '| key | value | meaning | CLI |',
    '|---|---|---|---|',
    ...fields.map(
      (f) =>
        `| ${code(f.name)}${f.required ? ' (required)' : ''} | ${cell(traitType(f))} | ${cell(f.description)} | ${flagOf(f)} |`,
    ),
    '',
  ];
}

function verdictsSection(): string[] {
  return [
    '## Verdicts you can act on',
    '',
    'Every rule the advisor checks has a **strength** and a **source**:',
    '',
    '- `hard`: the "must", "usable only when" or "needed when" of the service\'s API documentation (where',
    '  querymode reads a description as a rule, its entry on [service.md](service.md) says so), or a',
    '  documented requirement worded as such (SQL Server: the table must have a primary key). A hard rule',
    '  known to fail makes the mode ineligible.',
    '- `advice`: everything else. It forbids nothing; it lowers the rank.',
    "- `source`: `spec` (the service's API documentation: the finding quotes the sentence), `documented`",
    "  (another public page of the service's or a database's documentation, with its address),",
    '  `inference` (general database knowledge, said so), or `caller` (an option). Each rule has its',
    '  entry, with its source, on [service.md](service.md).',
    '',
    'A check says `yes` (the rule holds: nothing reported), `no` or `unknown` (a fact it needs is not in',
    'the traits; never read as yes). The severity of a finding follows:',
    '',
    '| strength | `no` | `unknown` |',
    '|---|---|---|',
    '| hard | error | warning, with the facts to establish |',
    '| advice | warning | info |',
    '',
    'Each candidate mode gets a **status**: `eligible` (every hard rule known to hold, and its capture of',
    'every kind of change the caller requires settled), `needs_facts` (none known to fail, but some',
    'unknown, or a required kind the table may have that it may miss) or `ineligible` (one known to',
    'fail). An unknown fact comes with a',
    'question, the trait that holds the answer, and the query that establishes it in the dialect of the',
    'source, or a plain statement that there is none (a pipeline setting, an unknown source). A failed',
    'rule comes with its remedy, with SQL only in the dialect of the source; where the source has no such',
    'feature, the remedy says so instead.',
    '',
    '### Statements safe to run',
    '',
    'Every statement and query querymode prints is written by one object per database kind',
    '(`packages/core/src/dialects/`), and is proven by running it twice, as printed, with `psql -f` and',
    'the `mariadb` client on the test servers, on application-shaped tables and tables with hostile',
    'names (`packages/introspect/test/remedies/`).',
    '',
    '- Every name is quoted (`"User"`, `` `key` ``, `[a]]b]`), its quote character doubled; a qualified',
    '  table name is read as SQL, so a dot or a quote inside a quoted part stays part of the name.',
    '- String literals read the same under any session setting: in MySQL and MariaDB a text holding a',
    "  backslash is written `CONVERT(X'…' USING utf8mb4)` (no escape, whatever `sql_mode` says); in",
    "  PostgreSQL, `E'…'`. A function body is dollar-quoted with a tag the body does not hold.",
    '- Generated objects (triggers, functions) are named from a readable prefix, the table and the',
    '  column, and a hash of the exact names: unique per schema, table and column, within the length',
    '  limit of the database.',
    '- Every statement names the schema (MySQL and MariaDB: the database) of the table, and so do its',
    '  triggers and the catalog rows a check reads (never `DATABASE()`): it does the same from a session',
    '  on any database, or on none, and a copy of the table elsewhere on the same server is never changed',
    '  by accident. Only a table given without its schema is named alone, with a comment line that says',
    '  to run it where the table is.',
    '- A SQL Server table given with its database (`sales.dbo.orders`) is named with it in every',
    '  statement, and the text starts with `USE [sales]` and `GO`: a trigger cannot be made on a table',
    "  of another database, and `OBJECT_ID`, `OBJECTPROPERTY` and `sys.*` read the session's database.",
    '  Where `USE` fails (no such database, no permission), `sqlcmd` and SSMS go on with the next batch',
    '  in the current database, so the next batch compares `DB_NAME()` with the name and, in any other',
    '  database, raises `connected to database [app], this is for database [sales]: connect to it and',
    '  run this again` and sets `NOEXEC` on: the batches after it are compiled, never run, until the',
    '  `SET NOEXEC OFF` that ends the text, so the session works as before once it is done. A table',
    '  `inspect` read (`dbo.orders`, with the `database` it recorded from `DB_NAME()`) gets the same',
    '  text; one without its database runs in the database the session is on. This guard is tested on',
    '  its text only: no SQL Server runs in the test suite. No statement',
    '  is written for a name that holds a line `sqlcmd` and SSMS read before T-SQL does (one starting',
    '  with `GO`, `:` or `!!`) or a scripting variable (`$(name)`): it would split a statement or run',
    '  something else.',
    '- A PostgreSQL table given with its database (`sales.public.orders`): a statement cannot name another',
    '  database, and a session on another one may hold a table of the same schema and name. So the text',
    '  starts with a comment line that says which database to connect to (the name in printable ASCII,',
    '  `U&"..."` escapes where it holds other characters). A remedy is then one `DO` block whose first',
    '  statement compares `current_database()` with that name and, in any other database, stops with',
    '  `connected to database app, this is for database sales: connect to sales and run it again`: the',
    '  block is one statement, so it changes nothing in the wrong database. Each query of a question is',
    '  one statement filtered by the same comparison, checked once before any row is read (in another',
    '  database it fails with the same words): it answers nothing there. The name is a string literal',
    "  in printable ASCII (`E'…'` with `\\u` escapes where it holds other characters), and the block's",
    '  dollar-quote tag is one the statements do not hold. Run in the database it names, the text does',
    '  what it says, and a second run does no harm, as for any remedy. A table `inspect`',
    '  read (`public.orders`, with the `database` it recorded from `current_database()`) gets the same',
    '  text as `sales.public.orders`. A table given without its database, in its name or its',
    '  `database` field, prints its statements as they are, with no guard. MySQL and MariaDB (whose',
    '  databases are their schemas) and Oracle take no database in a name: a three-part name gets no',
    '  statement, only the advice in words.',
    '- A column is made to change on every update only when it holds a date and time and its name reads as',
    `  a modification time (\`${UPDATE_TIME_NAMES.join('`, `')}\`, and their camelCase forms), and is`,
    '  not part of a unique key. Any other time (a creation, expiry, revocation, schedule or read time)',
    '  keeps its meaning: the remedy adds a new `updated_at` column instead, and none where the database',
    '  already sets a column on every update.',
    '- An identity or AUTO_INCREMENT column is always a new integer column (`row_id`), never a conversion',
    "  of an existing column, whose values are the application's; where the table already has one, the",
    '  statement changes nothing and says to name that one. No existing column is made unique (the',
    '  application may repeat its values).',
    '- A MySQL or SQL Server column is never rewritten (`MODIFY`, `ALTER COLUMN`), which would drop what',
    '  the catalog did not show (collation, default, comment, ON UPDATE): that remedy is given in words.',
    '  No statement holds a placeholder; a value querymode cannot choose is the remedy in words.',
    '- Running a remedy twice does no harm: `CREATE OR REPLACE`, `DROP TRIGGER IF EXISTS`,',
    '  `ADD COLUMN IF NOT EXISTS`, or a check first. A PostgreSQL remedy of several statements is one',
    '  `DO` block, all or nothing, not `BEGIN`…`COMMIT`: pasted inside a transaction you have open, it',
    '  becomes part of yours and commits nothing of it (a `COMMIT` would commit your work too), and your',
    '  `ROLLBACK` takes it back. No question opens a transaction either. In MySQL and MariaDB,',
    '  `ALTER TABLE`, `CREATE TRIGGER`, `CREATE INDEX` and `GRANT` first commit any transaction the',
    '  session has open (an implicit commit:',
    '  https://dev.mysql.com/doc/refman/8.0/en/implicit-commit.html,',
    '  https://mariadb.com/kb/en/sql-statements-that-cause-an-implicit-commit/): run their remedies',
    '  outside one.',
    '- Human output (the terminal, the report page) shows control characters, escape sequences and',
    '  bidi overrides in names as `\\uXXXX`, never raw. Statements so shown would name another object',
    '  if pasted: on the terminal each is led by a comment line that says so (`-- A name below holds',
    '  control or bidi characters, ...`); copy the exact text from `--json`.',
    '',
    'The rules are checked one file per check (`packages/core/src/advisor/rules/`), indexed by catalogue',
    'rule id (`RULE_CHECKS`). Every check of a mode, with its strength, source and remedy in the dialect',
    'of a source: `querymode explain <mode> --source <kind>`; it also says why a rule of the mode has no',
    'check of its own (`UNCHECKED_RULES`), so that adding a check changes its file, the index and its',
    'test, and no page. Rules of every mode with no check of their own:',
    '',
    '| rule id | why |',
    '|---|---|',
    ...GENERAL_RULES.filter((r) => UNCHECKED_RULES[r.id] !== undefined).map(
      (r) => `| ${code(r.id)} | ${cell(UNCHECKED_RULES[r.id] ?? '')} |`,
    ),
    '',
    'Which sources have the change-tracking feature `change_tracking` uses:',
    '',
    '| source | change tracking | why |',
    '|---|---|---|',
    ...SOURCE_KINDS.map(
      (k) =>
        `| ${code(k)} | ${SOURCE_PROFILES[k].changeTracking} | ${cell(SOURCE_PROFILES[k].changeTrackingBasis)} |`,
    ),
    '',
    `Two choices of the advisor's own: a row count that may be an estimate (any \`rows\` not marked \`rows_estimate: false\`) is`,
    `not known to be below the \`full_load\` limit within ${DEFAULT_ROWS_ESTIMATE_MARGIN * 100}% of it (option \`rowsEstimateMargin\`), and the`,
    `retention it suggests for change tracking is ${RETENTION_SUGGESTION.factor} × the frequency, at least ${RETENTION_SUGGESTION.minimumMinutes / 1440} days.`,
    '',
  ];
}

function policySection(): string[] {
  return [
    '## Less knowledge never gives bolder advice',
    '',
    'Advice is acted on, so the advisor reads every fact it does not know as possibly the worst case,',
    'never as yes and never as no: removing a fact from the traits can turn a recommendation into',
    '`needs_facts`, never the other way round. A mode is recommended only when every hard rule is known',
    'to hold and it captures inserts and updates wherever the table may have them, unless the caller',
    'said that kind need not be captured (`mustCapture`, `--must-capture` in the CLI). In particular:',
    '',
    '- **A kind of change not known is possible.** A mode that misses (or may miss) inserts or updates',
    '  the table is not known to lack is `needs_facts`: the candidate asks whether the table has them,',
    '  with the query of the change counters in its dialect, and the reasons name the mode to use once',
    '  that is settled. Evidence that updates happen (an `updated_at`-like column, a column the',
    '  database sets on every update) is named in the reasons. Deletes are the exception: no query',
    '  mode replicates them in a table or custom SQL pipeline, so deletes not known are stated in the',
    '  reasons and never waited for.',
    '- **A pipeline mode not known may be a table pipeline**, which loses the deletes the table has:',
    '  with known deletes, the mode is `needs_facts` and asks for the pipeline mode.',
    '- **Known deletes are stated, whatever the status.** A table with deletes (counters above zero',
    '  give `deletes: yes`) has in its reasons that no query mode replicates deletes in a table or',
    '  custom SQL pipeline, with the address of that documentation, and what to do: a log-based',
    '  pipeline, rows marked deleted instead of deleted (a soft delete, which an update carries), or',
    '  accepting it (leave deletes out of `mustCapture`). Deletes are never a fact the advice waits for.',
    '- **A table the reader may not read is not taken as readable by the pipeline.** With',
    '  `readable: false` (the user that read the catalog has no SELECT on it), the rule',
    '  `table.readable` keeps every mode waiting: the result is `needs_facts` with the grant for that',
    "  user in the table's dialect and a question to run as the pipeline's user, never `recommended`.",
    "  Without the field nothing is said of the pipeline's user (what another user may do tells nothing).",
    "- **A missing privilege leaves unknown only what depends on it.** Without MySQL's TRIGGER privilege",
    '  only the facts triggers decide are unknown; a fact the catalog gave (a column that is not',
    '  AUTO_INCREMENT) is not asked again: the question is then how the application numbers it.',
    '- **A row count not marked exact is an estimate** (only `rows_estimate: false` says it is a count).',
    '- **A column whose key membership is not known may be in the key**, so another key column is not',
    '  taken to be the whole key, nor unique.',
    "- **A type not known is neither a time nor an ID.** Only a column of its dialect's temporal family",
    '  can be a timestamp (a hard rule), and only one of its integer family an incrementing ID. A type',
    '  the catalogue does not know for a known source is neither; with no type the type is asked, and',
    '  with no source (where dialects disagree, as on `timestamp`, a row version on SQL Server) the',
    '  source. A question is never asked for a fact the traits already hold.',
    '- **Incrementing IDs as the database makes them.** `incrementing`, `unique_incrementing` and the ID',
    '  of `timestamp+incrementing` need unique values, known only from a primary key or unique',
    '  constraint on that column alone: AUTO_INCREMENT, identity or a sequence does not make a column',
    '  unique (an explicit value may repeat one), and a MyISAM or Aria AUTO_INCREMENT that is not first',
    '  in its key numbers each group from 1. For `incrementing` and `timestamp+incrementing`, values',
    '  must also grow with each record: an identity, a sequence or AUTO_INCREMENT shows it; for any',
    "  other column of whole numbers it is asked (`unique_incrementing` keeps the service's word that",
    '  values such as UUIDs are suitable: [service.md](service.md#unique-incrementing-uuid)).',
    '- **The ranking never places a mode ahead because of a fact it does not know**: a capture condition',
    '  not known counts as a possible miss.',
    "- **No verdict depends on column order**: the columns of a mode's fields are chosen together.",
    '- **An events estimate too large to count leaves the verdict standing**, without a number.',
    '',
  ];
}

function captureSection(): string[] {
  return [
    '## Capture safety',
    '',
    "Apart from the strength of its rules, each mode's capture of each kind of change is judged for the",
    'table:',
    '',
    '| verdict | meaning |',
    '|---|---|',
    "| `captured` | the capture table of the service's API documentation ([service.md](service.md#captures)) says `yes`, and its capture conditions hold |",
    `| \`missed\` | known to miss: the documentation says \`no\`; or a documented fact says so (deletes are not replicated in table and custom SQL pipelines, ${DOCUMENTED.ingestionModes}); or a capture condition is known to fail |`,
    "| `not_described` | the service's documentation does not describe it (`change_tracking`; every mode for deletes): never called a miss |",
    '| `condition_unknown` | captured only if a condition holds, and whether it holds is not known |',
    "| `from_log` | a log-based pipeline: the query mode serves only the historical load and changes come from the database log ([service.md](service.md#log-based-pipelines)); that the log carries every kind of change is querymode's inference from its documented one-to-one replication |",
    '',
    "Capture conditions are inferences: the documentation's `yes` holds for a table only when the named column",
    "behaves as the mode reads it (the incrementing modes' inserts need a column with unique values and,",
    "for `incrementing` and `timestamp+incrementing`, values that grow; `timestamp+incrementing`'s updates",
    'need a timestamp the database sets on every update). A condition known to fail is a known miss;',
    'unknown, while the table has or may have the kind and the caller requires it, makes the mode',
    '`needs_facts`; where the table is known not to have the kind, or the caller does not require it,',
    'it is only an info.',
    '',
    'A mode is **recommendable** when it is eligible and not known to miss a kind of change the table has',
    '(`yes`) that the caller requires: `mustCapture`, every kind by default. Leave a kind out of',
    '`mustCapture` to accept a mode that misses it.',
    '',
    'The `status` of `recommend`: `recommended` (the best candidate is recommendable; it is `chosen`, with',
    'its body), `needs_facts` (none is, but at least one would be once facts are established: each such',
    'candidate lists them in `toEstablish`) or `none` (none would be: each candidate lists what would',
    'unlock it in `toUnlock`). The best candidate is named in `best` whatever the status. The CLI exits 0',
    'only for `recommended`.',
    '',
  ];
}

function rankingSection(): string[] {
  return [
    '## Ranking policy',
    '',
    'Candidates are compared on these criteria in order; the first that differs decides.',
    '',
    ...RANKING_POLICY.map((c, i) => `${i + 1}. **${c.id}**: ${c.text}`),
    '',
    '## Filling the body',
    '',
    'The fields that name columns get their columns together: the combination that best passes the',
    "fields' checks. A column known to fail a check that chooses the column (a temporal type for a",
    'timestamp, whole numbers and unique values for an incrementing ID) is never chosen, unless the',
    'check is a capture condition that does not bind (the caller does not require the kind). Each',
    'combination scores by its worst verdicts: first the hard rules and required captures known to',
    'fail, then the facts that keep the mode waiting, then advice that fails, then advice not known;',
    'the lowest total wins, so no verdict depends on the order of the columns (combinations that tie',
    'have the same status; the earlier columns take the body). A body names each column once. Fields',
    'that are not column names take',
    '`options.fieldValues`; a required flag not given is `true` (so `change_tracking` loads historical',
    'data and names its unique column). A name a body could not hold (white space around it) is never',
    'chosen.',
    '',
  ];
}

function eventsSection(): string[] {
  const out = [
    '## The events model',
    '',
    `The service's own model of billed events (${DOCUMENTED.eventsQueryModes}):`,
    '',
    '- An event is a record of new or changed data loaded to the destination. The historical (first) load',
    '  is reported apart (`historical`) and not billed; incremental events are (`billed`).',
    `- Runs happen at the pipeline's replication frequency; where it is not known, the service's`,
    `  documented default: ${DEFAULT_FREQUENCY_MINUTES.table / 60} hours for table-mode pipelines, ${DEFAULT_FREQUENCY_MINUTES.log_based} minutes for log-based ones (${DEFAULT_FREQUENCY_MINUTES.address}).`,
    `- \`${DEFAULT_MODE}\` loads at the first run its six-hour wait after the previous load ([service.md](service.md#full-load-reload-wait); the time a`,
    '  load takes is taken as zero), and each load bills the table as it is then: the rows now, plus the',
    '  inserts and less the deletes since. With no insert rate, the table is taken not to grow, and the',
    '  assumptions say so.',
    '- A mode that reads changes bills, at each run, the changes of the kinds it captures',
    "  ([service.md](service.md#captures)), each change as one event, as the documentation's worked",
    '  examples count ([service.md](service.md#events)).',
    '  Deletes are left out: no mode is described as capturing them, and table-mode pipelines do not',
    '  replicate them.',
    '- In a log-based pipeline incremental data comes from the log: the billed events do not depend on',
    "  the query mode. That every kind of change counts is querymode's inference from the log's",
    `  documented one-to-one replication (${DOCUMENTED.ingestionModes}).`,
    `- Changing the mode restarts ingestion; the re-ingested history is not billed (${DOCUMENTED.ingestionModes}).`,
    `- The span is \`horizonHours\` (default ${DEFAULT_HORIZON_HOURS} hours, in the library and the CLI), or a per-run`,
    '  `timeline` of changes (`[{ inserts, updates, deletes }, ...]`, one entry per run; CLI `--run`).',
    '- `billed` is a safe integer, or `null` with the reason in `unknown` (a rate not known, or a capture not',
    '  described). Numbers too large to estimate are an `estimate_overflow` issue, never Infinity.',
    '',
    "### The service's worked examples",
    '',
    'The worked examples of that page, written with the per-run timeline and computed by',
    '`estimateEvents` (its tests assert the same numbers):',
    '',
    '| scenario | traits | timeline | per run | billed | the page says |',
    '|---|---|---|---|---|---|',
  ];
  for (const ex of SERVICE_EXAMPLES) {
    if (ex.mode === null) {
      out.push(
        `| ${cell(ex.scenario)} | – | – | – | – | ${cell(ex.page)} (not a query mode of the service's API: skipped) |`,
      );
      continue;
    }
    const r = estimateEvents(ex.mode, ex.traits, { timeline: ex.timeline });
    const v = r.ok ? r.value : undefined;
    out.push(
      `| ${cell(ex.scenario)}: ${code(ex.mode)} | ${code(JSON.stringify(ex.traits))} | ${code(JSON.stringify(ex.timeline))} | ${v?.perRun?.join(', ') ?? '–'} | ${v?.billed ?? 'unknown'} | ${cell(ex.page)} |`,
    );
  }
  out.push('');
  return out;
}

function candidatesTable(candidates: readonly Candidate[]): string[] {
  return [
    '| rank | mode | status | recommendable | misses | not described | billed events |',
    '|---|---|---|---|---|---|---|',
    ...candidates.map(
      (c) =>
        `| ${c.rank} | ${code(c.mode)} | ${c.status} | ${c.recommendable ? 'yes' : 'no'} | ${c.misses.join(', ') || '–'} | ${c.notDescribed.join(', ') || '–'} | ${c.events.billed ?? 'unknown'} |`,
    ),
    '',
  ];
}

function examplesSection(): string[] {
  const out = ['## Worked examples', '', 'Computed by `recommend` when this file is generated.', ''];
  for (const example of ADVISOR_EXAMPLES) {
    const r = recommend(example.traits, example.options);
    if (!r.ok) throw new Error(`${example.title}: ${JSON.stringify(r.issues)}`);
    const v = r.value;
    out.push(
      `### ${example.title}`,
      '',
      example.point,
      '',
      ...fence('json', JSON.stringify(example.traits, null, 2)),
      '',
    );
    const opts = Object.entries(example.options).map(([k, o]) => `${k}: ${JSON.stringify(o)}`);
    if (opts.length > 0) out.push(`Options: ${opts.map(code).join(', ')}.`, '');
    out.push(
      `Status: **${v.status}**${v.chosen === null ? `; best candidate ${code(v.best ?? '')}` : `: ${code(v.chosen)}`}.`,
      '',
    );
    out.push(...candidatesTable(v.candidates));
    if (v.body !== null) out.push('Body:', '', ...fence('json', JSON.stringify(v.body, null, 2)), '');
    out.push('Reasons:', '', ...v.reasons.map((reason) => `- ${reason}`), '');
    if (v.status === 'needs_facts') {
      for (const c of v.candidates
        .filter((x) => x.status === 'needs_facts' && x.misses.length === 0)
        .slice(0, 1)) {
        out.push(`Facts to establish for ${code(c.mode)}:`, '');
        for (const q of c.toEstablish)
          out.push(
            `- ${code(q.path.join('.'))}: ${q.question} ${q.query === null ? `(${q.noQuery})` : code(q.query)}`,
          );
        out.push('');
      }
    }
    if (v.status === 'none') {
      out.push('What would unlock each candidate:', '');
      for (const c of v.candidates) {
        // A statement of more than one line follows its candidate as a fenced block.
        const blocks = c.toUnlock.filter((u) => u.sql?.includes('\n'));
        out.push(
          `- ${code(c.mode)}: ${c.toUnlock.map((u) => `${u.action.replace(/\.$/, '')}${u.sql === undefined ? '' : u.sql.includes('\n') ? ' (below)' : ` (${code(u.sql)})`}.`).join(' ') || 'facts to establish only.'}`,
          ...blocks.flatMap((u) => [
            '',
            '  ```sql',
            ...(u.sql ?? '').split('\n').map((l) => `  ${l}`),
            '  ```',
            '',
          ]),
        );
      }
      out.push('');
    }
  }
  return out;
}

function planSection(): string[] {
  const example = ADVISOR_EXAMPLES[0];
  if (example === undefined) return [];
  const r = planModeChange(null, 'timestamp+incrementing', example.traits);
  if (!r.ok) return [];
  const p = r.value;
  return [
    '## Mode changes',
    '',
    '`planModeChange(current, next, traits)` says what a change does: kinds of change gained, lost or',
    "uncertain (one side not described), the next mode's status and findings, the billed events before",
    `and after, and the restart of ingestion. A new object (\`current\` null) starts at ${code(DEFAULT_MODE)} ([service.md](service.md#default-mode)).`,
    "The service's documentation does not say which changes are allowed, so `allowed` is `not_shown`",
    '([service.md](service.md#mode-transitions)).',
    '',
    `For the first example's table, from a new object to ${code(p.to)}:`,
    '',
    `- from ${code(p.from)} to ${code(p.to)}; gained: ${p.gained.join(', ') || 'none'}; lost: ${p.lost.join(', ') || 'none'}; uncertain: ${p.uncertain.join(', ') || 'none'}`,
    `- billed events over ${p.events.next.horizonHours} hours: ${p.events.current.billed ?? 'unknown'} before, ${p.events.next.billed ?? 'unknown'} after (difference ${p.events.difference ?? 'unknown'})`,
    `- re-ingested history: ${p.events.reingested?.events ?? 'none'} events, not billed`,
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
    '<!-- Generated from the advisor (packages/core/src/advisor) and scripts/docs by `pnpm run docs`. Do not edit. -->',
    '',
    '`recommend(traits, options)` takes what is known of one source table (its traits) and returns a',
    'verdict (`status`), the recommended mode and its body when there is one, the reasons, and every mode',
    'as a candidate: its status, its capture of each kind of change, its billed events, its findings, the',
    'facts to establish and what would unlock it. `recommendSummary` and `chooseMode` give the same',
    'verdict from the same evaluation, with less detail, for many tables (`querymode recommend --ndjson`).',
    'Every function returns `{ ok: true, value }` or `{ ok: false, issues }` and never throws.',
    '',
    ...verdictsSection(),
    ...policySection(),
    ...captureSection(),
    ...rankingSection(),
    ...eventsSection(),
    '## Table traits',
    '',
    'JSON with snake_case keys; every key is optional and an absent key is unknown. Unknown keys are',
    'rejected (`validateTableTraits`, or the zod schema `tableTraitsSchema` and its JSON Schema',
    '`tableTraitsJsonSchema()` in `@querymode/core/schemas`). The CLI column gives the flag of',
    '`recommend`, `estimate` and `plan` (or the attribute of `--column name:type[:attr...]`).',
    '',
    ...traitTable('Traits', TABLE_TRAIT_FIELDS),
    ...traitTable('A column', COLUMN_TRAIT_FIELDS),
    ...traitTable('`changes`', CHANGE_TRAIT_FIELDS),
    ...traitTable('`change_tracking`', CHANGE_TRACKING_TRAIT_FIELDS),
    'A yes/no answer in `changes` wins over a rate; with the answer absent or `unknown`, a rate above',
    '0 means yes and a rate of 0 means no.',
    '',
    'An answers file gives facts for many tables at once (`--answers`,',
    '[docs/cli.md](cli.md#--answers-file-facts-for-many-tables-at-once)): each entry is a partial traits',
    "record, read by the checks above; it fills only what a table's record leaves unknown, and a fact the",
    "record states (from the catalog, the database's counters, or the record itself) stands over an",
    'answer that contradicts it (but for `auto_increment: false`, no identity column, which leaves',
    'open whether the application numbers the column in order: an answer settles it). An answer is a fact you vouch for: `updates: no` on a table that gets',
    'updates makes `incrementing` miss them.',
    '',
    '### The questions of a plan',
    '',
    'Over many tables the open facts repeat: the same question (which kind of database is the source?',
    'does the table get updates?) holds back a cheaper mode on hundreds of tables. `tableQuestions`',
    "gives one table's, from `withinReach` (each fact a cheaper mode within reach waits for, with the",
    'key of its answer, its query for that table, and the most events a mode that asks it would save)',
    'and, when nothing is recommended (`needs_facts`), from the facts its best candidate waits for:',
    'those save no events against that candidate (it is the answer), they decide whether the table',
    "gets a recommendation (`awaited`). `chooseModeWithReach` gives `chooseMode`'s verdict and both",
    'from one evaluation of every mode, several times faster than `recommend` (with its third argument',
    "`'questions'`, the words a plan's questions read: each mode's `toUnlock` left empty, no remedy's",
    "statement written), and `recordQuestions` a `--detail` record's. `QuestionTally` groups them over a plan, one group per fact and wording,",
    'ranked by the events the answers may save summed over the tables (a bound: a mode that asks',
    'several questions saves once all are answered), then by the tables whose best candidate waits',
    'for it, and `questionsFileParts` writes them as an answers file to fill in. A figure of the',
    "table's own closing a question (`figure`: the insert rate below which `full_load` stays under its",
    'row limit over the horizon) does not split the group: "How many rows are inserted into the table',
    'a day?" is one question, each table\'s figure beside its name. The workflow, in the CLI:',
    '',
    '1. `querymode recommend --ndjson --questions answers.yaml < tables.ndjson > plan.ndjson`: the plan,',
    '   and every open question as a commented entry whose value is `unknown` (its words, its query in',
    "   the table's dialect, what it may save and the modes it unlocks). A question every table asks goes",
    '   in `defaults`, one every table of a schema asks in a glob of that schema (`sales.*`), any other',
    "   in each table's own entry;",
    '2. replace `unknown` with the answer where you know it (unchanged, the file answers nothing);',
    '3. `querymode recommend --ndjson --answers answers.yaml < tables.ndjson > plan.ndjson`: the tables',
    '   whose answers allow a cheaper mode get it; `querymode verify plan.ndjson URL --answers',
    '   answers.yaml` checks the plan against the database with the same answers.',
    '',
    '`querymode report` shows the same questions as "Questions that save the most"',
    '([report.md](report.md#questions-that-save-the-most)).',
    '',
    ...examplesSection(),
    ...planSection(),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * The words of findings: one message and one remedy per test and verdict, naming the column,
 * table or fact. Built only for the findings returned, never while `recommend` scores columns.
 *
 * @module
 */
import { FULL_LOAD_MAX_ROWS_EXCLUSIVE, FULL_LOAD_RELOAD_WAIT_HOURS } from '../catalogue/limits.js';
import { MODES } from '../catalogue/modes.js';
import type { ChangeKind, ModeSpec, Provenance } from '../catalogue/types.js';
import { closest } from '../validate/suggest.js';
import type { FieldPlan, ModePlan, RuledColumnCheck, RuledTableCheck } from './checks.js';
import { dateTimeType } from './column-types.js';
import { findColumnIgnoringCase, type TableFacts } from './facts.js';
import type { Finding, FindingPath, Severity } from './finding.js';
import type { Raw } from './raw.js';
import {
  ident,
  sqlAddTimestamp,
  sqlAutoUpdate,
  sqlEnableTrackingDatabase,
  sqlEnableTrackingTable,
  sqlIdentity,
  sqlPrimaryKey,
  sqlSetNotNull,
  sqlSetRetention,
  sqlTrackingStatus,
  sqlUnique,
} from './sql.js';
import type { ColumnTraits } from './traits.js';
import { columnVerdict, type VerdictCode } from './verdicts.js';

/**
 * The advisor's own margin for a suggested change-tracking retention: twice the replication
 * frequency, and never below SQL Server's default of 2 days (documented outside the spec). Not
 * a documented rule: the documented rule is only "longer than the longest gap between syncs".
 */
export const RETENTION_SUGGESTION = { factor: 2, minimumMinutes: 2 * 24 * 60 } as const;

function modesWhere(test: (m: ModeSpec) => boolean): string {
  return (MODES as readonly ModeSpec[])
    .filter(test)
    .map((m) => m.id)
    .join(', ');
}

/** The modes whose captures say `yes` for each change kind, as a readable list. */
const CAPTURING: { readonly [K in ChangeKind]: string } = {
  inserts: modesWhere((m) => m.captures.inserts.value === 'yes'),
  updates: modesWhere((m) => m.captures.updates.value === 'yes'),
  deletes: modesWhere((m) => m.captures.deletes.value === 'yes'),
};

/** The modes that read only changes. */
const CHANGE_READERS = modesWhere((m) => m.reads === 'changes');

const MODE_PATH: FindingPath = Object.freeze(['config', 'mode']);
const ROWS: FindingPath = Object.freeze(['rows']);
const COLUMNS: FindingPath = Object.freeze(['columns']);
const FREQUENCY: FindingPath = Object.freeze(['replication_frequency_minutes']);
const CT_TABLE: FindingPath = Object.freeze(['change_tracking', 'table_enabled']);
const CT_DATABASE: FindingPath = Object.freeze(['change_tracking', 'database_enabled']);
const CT_RETENTION: FindingPath = Object.freeze(['change_tracking', 'retention_minutes']);
const CHANGE_PATHS: { readonly [K in ChangeKind]: FindingPath } = {
  inserts: Object.freeze(['changes', 'inserts']),
  updates: Object.freeze(['changes', 'updates']),
  deletes: Object.freeze(['changes', 'deletes']),
};

/** A finding; `remedy`, `fact` and `unknown` are set only when present. */
function make(
  rule: string,
  severity: Severity,
  path: FindingPath,
  message: string,
  remedy: string | undefined,
  source: Provenance | 'caller',
  fact: FindingPath | undefined,
  unknown: boolean,
): Finding {
  const f: {
    rule: string;
    severity: Severity;
    path: FindingPath;
    message: string;
    remedy?: string;
    source: Finding['source'];
    fact?: FindingPath;
    unknown?: true;
  } = { rule, severity, path, message, source };
  if (remedy !== undefined) f.remedy = remedy;
  if (fact !== undefined) f.fact = fact;
  if (unknown) f.unknown = true;
  return f;
}

/** The finding of a column check that did not pass (verdict 1 no, 2 unknown). */
export function columnFinding(
  check: RuledColumnCheck,
  verdict: VerdictCode,
  severity: Severity,
  plan: FieldPlan,
  index: number,
  facts: TableFacts,
): Finding {
  const c = (facts.columns as readonly ColumnTraits[])[index] as ColumnTraits;
  const rule = check.rule;
  const field = plan.field.name;
  const name = c.name;
  const t = facts.table;
  const known = verdict === 1;
  const path = plan.path;
  switch (check.test) {
    case 'not_null':
      return known
        ? make(
            rule,
            severity,
            path,
            `Column \`${name}\` is nullable, but \`${field}\` must name a column without NULL values.`,
            sqlSetNotNull(facts, name, c.type),
            check.source,
            ['columns', index, 'nullable'],
            false,
          )
        : make(
            rule,
            severity,
            path,
            `Whether column \`${name}\` can hold NULLs is not known; \`${field}\` must name a column without NULL values.`,
            `Find out (SELECT COUNT(*) FROM ${t} WHERE ${ident(facts, name)} IS NULL;) and set columns[${index}].nullable in the traits.`,
            check.source,
            ['columns', index, 'nullable'],
            true,
          );
    case 'unique':
      return known
        ? make(
            rule,
            severity,
            path,
            `Column \`${name}\` is not unique, but \`${field}\` must name a column with a unique value per record.`,
            sqlUnique(facts, name),
            check.source,
            ['columns', index, 'unique'],
            false,
          )
        : make(
            rule,
            severity,
            path,
            `Whether column \`${name}\` is unique is not known; \`${field}\` must name a column with a unique value per record.`,
            `Find out (SELECT ${ident(facts, name)}, COUNT(*) FROM ${t} GROUP BY ${ident(facts, name)} HAVING COUNT(*) > 1;) and set columns[${index}].unique in the traits.`,
            check.source,
            ['columns', index, 'unique'],
            true,
          );
    case 'unique_for_new':
      return known
        ? make(
            rule,
            severity,
            path,
            `Column \`${name}\` is neither unique nor auto-increment, so nothing gives every new record a unique value in \`${field}\`.`,
            `${sqlIdentity(facts, name, c.type)} Or: ${sqlUnique(facts, name)}`,
            check.source,
            ['columns', index, 'unique'],
            false,
          )
        : make(
            rule,
            severity,
            path,
            `Whether column \`${name}\` gets a unique value for every new record is not known; \`${field}\` needs one.`,
            `Set columns[${index}].unique and columns[${index}].auto_increment in the traits.`,
            check.source,
            ['columns', index, 'unique'],
            true,
          );
    case 'auto_update':
      return known
        ? make(
            rule,
            severity,
            path,
            `The database does not set column \`${name}\` on every update, so updated rows are not seen: the database must update the timestamp automatically on every record update.`,
            sqlAutoUpdate(facts, name, c.type),
            check.source,
            ['columns', index, 'set_on_update'],
            false,
          )
        : make(
            rule,
            severity,
            path,
            `Whether the database sets column \`${name}\` on every update is not known; the timestamp must be updated automatically on every record update.`,
            `Check for an ON UPDATE default or an update trigger on ${t} and set columns[${index}].set_on_update in the traits.`,
            check.source,
            ['columns', index, 'set_on_update'],
            true,
          );
    case 'set_on_insert':
      return known
        ? make(
            rule,
            severity,
            path,
            `The database does not set column \`${name}\` on insert (not auto-increment, not set on insert); its value must be updated on every inserted row, so only the application would ensure it.`,
            sqlIdentity(facts, name, c.type),
            check.source,
            ['columns', index, 'set_on_insert'],
            false,
          )
        : make(
            rule,
            severity,
            path,
            `Whether every inserted row gets a new value in column \`${name}\` is not known; \`${field}\` must be updated on every inserted row.`,
            `Set columns[${index}].auto_increment or columns[${index}].set_on_insert in the traits.`,
            check.source,
            ['columns', index, 'set_on_insert'],
            true,
          );
    case 'auto_increment':
      return make(
        rule,
        severity,
        path,
        `Column \`${name}\` ${
          known && c.auto_increment !== false && c.type !== undefined
            ? `is of type \`${c.type}\`, which cannot be auto-incremented (general database knowledge)`
            : 'is not auto-increment'
        }; an auto-incrementing column is a typical fit for \`${field}\`.`,
        sqlIdentity(facts, name, c.type),
        check.source,
        ['columns', index, 'auto_increment'],
        !known,
      );
    case 'timestamp_type': {
      const note = dateTimeType(c.type, facts.source).note;
      const type = c.type === undefined ? 'of unknown type' : `of type \`${c.type}\``;
      return known
        ? make(
            rule,
            severity,
            path,
            `Column \`${name}\` is ${type}, not a date and time${note ? ` (${note})` : ''}; \`${field}\` names the timestamp column.`,
            `Name a date-and-time column the database sets on every update, or add one: ${sqlAddTimestamp(facts)}`,
            check.source,
            ['columns', index, 'type'],
            false,
          )
        : make(
            rule,
            severity,
            path,
            `Whether column \`${name}\` (${type}) holds dates and times is not known${note ? `: ${note}` : ''}; \`${field}\` names the timestamp column.`,
            `Check the type of \`${name}\` and set columns[${index}].type in the traits.`,
            check.source,
            ['columns', index, 'type'],
            true,
          );
    }
  }
}

/** The finding of a table check that did not pass (verdict 1 no, 2 unknown). */
export function tableFinding(
  check: RuledTableCheck,
  verdict: VerdictCode,
  severity: Severity,
  plan: ModePlan,
  facts: TableFacts,
): Finding {
  const rule = check.rule;
  const src = check.source;
  const mode = plan.mode.id;
  const t = facts.table;
  const unknown = verdict === 2;
  switch (check.test) {
    case 'row_limit':
      return unknown
        ? make(
            rule,
            severity,
            MODE_PATH,
            `The row count of \`${t}\` is not known; \`${mode}\` is usable only when the table has fewer than ${FULL_LOAD_MAX_ROWS_EXCLUSIVE} rows.`,
            `Count the rows (SELECT COUNT(*) FROM ${t};) and set rows in the traits.`,
            src,
            ROWS,
            true,
          )
        : make(
            rule,
            severity,
            MODE_PATH,
            `\`${t}\` has ${facts.rows} rows; \`${mode}\` is usable only when the table has fewer than ${FULL_LOAD_MAX_ROWS_EXCLUSIVE} rows.`,
            `Use a mode that reads only changes: ${CHANGE_READERS}.`,
            src,
            ROWS,
            false,
          );
    case 'reload_wait': {
      const f = facts.frequencyMinutes;
      return make(
        rule,
        severity,
        MODE_PATH,
        `After each full load the service waits ${FULL_LOAD_RELOAD_WAIT_HOURS} hours before loading the table again, so changes reach the destination up to ${FULL_LOAD_RELOAD_WAIT_HOURS} hours plus the load time late${f === undefined ? '' : `, whatever the pipeline's replication frequency (${f} minutes)`}.`,
        `For fresher data, use a mode that reads only changes: ${CHANGE_READERS}.`,
        src,
        undefined,
        false,
      );
    }
    case 'change_kind_missed': {
      const kind = check.kind ?? 'inserts';
      const text = check.text;
      return unknown
        ? make(
            rule,
            severity,
            MODE_PATH,
            `Whether \`${t}\` has ${kind} is not known; \`${mode}\` does not capture ${kind}. ${text}`,
            `Set changes.${kind} in the traits.`,
            src,
            CHANGE_PATHS[kind],
            true,
          )
        : make(
            rule,
            severity,
            MODE_PATH,
            `\`${t}\` has ${kind}, and \`${mode}\` does not capture them. ${text}`,
            `Use a mode that captures ${kind}: ${CAPTURING[kind]}.`,
            src,
            CHANGE_PATHS[kind],
            false,
          );
    }
    case 'optional_field_set': {
      const field = check.field ?? '';
      return make(
        rule,
        severity,
        ['config', field],
        `\`${field}\` is not set. It helps with delayed replication, for example with long-running transactions: each run then reads only rows older than the database's current time minus the delay (a trailing window, documented outside the spec).`,
        `If the table has long-running transactions, set \`${field}\` to their longest duration in milliseconds, such as "60000".`,
        src,
        undefined,
        false,
      );
    }
    case 'tracking_table':
      return unknown
        ? make(
            rule,
            severity,
            MODE_PATH,
            `Whether change tracking is enabled on \`${t}\` is not known; it must be enabled on the table, using a SQL client, before \`${mode}\` is selected.`,
            `Find out (SQL Server, documented outside the spec: ${sqlTrackingStatus(facts)}) and set change_tracking.table_enabled in the traits.`,
            src,
            CT_TABLE,
            true,
          )
        : make(
            rule,
            severity,
            MODE_PATH,
            `Change tracking is not enabled on \`${t}\`; it must be enabled, using a SQL client, before \`${mode}\` is selected.`,
            facts.ctDatabase === true
              ? sqlEnableTrackingTable(facts)
              : `${sqlEnableTrackingDatabase(facts, suggestedRetention(facts))} ${sqlEnableTrackingTable(facts)}`,
            src,
            CT_TABLE,
            false,
          );
    case 'tracking_database':
      return unknown
        ? make(
            rule,
            severity,
            MODE_PATH,
            `Whether change tracking is enabled on the database of \`${t}\` is not known; SQL Server enables it on the database before any table.`,
            `Find out (${sqlTrackingStatus(facts)}) and set change_tracking.database_enabled in the traits.`,
            src,
            CT_DATABASE,
            true,
          )
        : make(
            rule,
            severity,
            MODE_PATH,
            `Change tracking is not enabled on the database of \`${t}\`; SQL Server enables it on the database before any table.`,
            sqlEnableTrackingDatabase(facts, suggestedRetention(facts)),
            src,
            CT_DATABASE,
            false,
          );
    case 'tracking_retention':
      return retentionFinding(rule, severity, unknown, src, facts);
    case 'primary_key':
      return unknown
        ? make(
            rule,
            severity,
            MODE_PATH,
            `Whether \`${t}\` has a primary key is not known; SQL Server change tracking needs one on every tracked table.`,
            `Set primary_key on the key columns in the traits (${facts.columns === undefined ? 'the columns are not known' : 'no column says primary_key'}).`,
            src,
            COLUMNS,
            true,
          )
        : make(
            rule,
            severity,
            MODE_PATH,
            `\`${t}\` has no primary key; SQL Server change tracking needs one on every tracked table.`,
            sqlPrimaryKey(facts, keyCandidate(facts)),
            src,
            COLUMNS,
            false,
          );
  }
}

/** A retention to suggest: {@link RETENTION_SUGGESTION} applied to the known frequency. */
function suggestedRetention(facts: TableFacts): number {
  const f = facts.frequencyMinutes ?? 0;
  return Math.max(RETENTION_SUGGESTION.minimumMinutes, Math.ceil(f * RETENTION_SUGGESTION.factor));
}

function retentionFinding(
  rule: string,
  severity: Severity,
  unknown: boolean,
  src: Provenance,
  facts: TableFacts,
): Finding {
  const r = facts.ctRetentionMinutes;
  const f = facts.frequencyMinutes;
  const why = 'otherwise changes are cleaned up before they are read, and data can be lost';
  if (!unknown) {
    return make(
      rule,
      severity,
      MODE_PATH,
      `The change-tracking retention (${r} minutes) is not longer than the replication frequency (${f} minutes); it must be strictly longer, ${why}.`,
      `${sqlSetRetention(facts, suggestedRetention(facts))} (at least the longest gap between two syncs; a retention shorter than that gap forces a full reload, documented outside the spec)`,
      src,
      CT_RETENTION,
      false,
    );
  }
  if (r === undefined) {
    return make(
      rule,
      severity,
      MODE_PATH,
      `The change-tracking retention is not known; it must be longer than the replication frequency (${f === undefined ? 'also not known' : `${f} minutes`}), ${why}.`,
      `Find out (${sqlTrackingStatus(facts)}) and set change_tracking.retention_minutes in the traits.`,
      src,
      CT_RETENTION,
      true,
    );
  }
  return make(
    rule,
    severity,
    MODE_PATH,
    `The pipeline's replication frequency is not known; the change-tracking retention (${r} minutes) must be longer than it, ${why}.`,
    'Set replication_frequency_minutes in the traits (or the replicationFrequencyMinutes option).',
    src,
    FREQUENCY,
    true,
  );
}

/** A column that could be the primary key: unique and not null, if the traits name one. */
function keyCandidate(facts: TableFacts): string | undefined {
  const columns = facts.columns ?? [];
  for (let i = 0; i < columns.length; i++) {
    if (columnVerdict('unique', i, facts) === 0 && columnVerdict('not_null', i, facts) === 0) {
      return (columns[i] as ColumnTraits).name;
    }
  }
  return undefined;
}

/** The finding of the general capture check for one change kind. */
export function captureFinding(
  plan: ModePlan,
  kind: ChangeKind,
  severity: Severity,
  facts: TableFacts,
): Finding {
  const capture = plan.mode.captures[kind].value;
  const mode = plan.mode.id;
  const t = facts.table;
  const others = CAPTURING[kind];
  const remedy = others === '' ? undefined : `Use a mode that captures ${kind}: ${others}.`;
  if (capture === 'no') {
    return facts.has[kind] === 'yes'
      ? make(
          'capture.change_kinds',
          severity,
          MODE_PATH,
          `\`${t}\` has ${kind}, which \`${mode}\` does not capture (spec 2.3).`,
          remedy,
          'spec',
          CHANGE_PATHS[kind],
          false,
        )
      : make(
          'capture.change_kinds',
          severity,
          MODE_PATH,
          `Whether \`${t}\` has ${kind} is not known; \`${mode}\` does not capture ${kind} (spec 2.3).`,
          `Set changes.${kind} in the traits.`,
          'spec',
          CHANGE_PATHS[kind],
          true,
        );
  }
  return make(
    'capture.change_kinds',
    severity,
    MODE_PATH,
    `\`${t}\` has ${kind}; whether \`${mode}\` captures ${kind} is not described in the spec.`,
    remedy,
    'spec',
    CHANGE_PATHS[kind],
    true,
  );
}

/** The finding of `column.exists` for a column name not found, or for unknown columns. */
export function existsFinding(plan: FieldPlan, name: string, facts: TableFacts): Finding {
  const field = plan.field.name;
  const t = facts.table;
  if (facts.columns === undefined) {
    return make(
      'column.exists',
      'warning',
      plan.path,
      `The columns of \`${t}\` are not known, so whether \`${field}\` names one of them (\`${name}\`) cannot be checked.`,
      "List the table's columns in the traits (columns).",
      'spec',
      COLUMNS,
      true,
    );
  }
  const other = findColumnIgnoringCase(facts, name);
  if (other !== undefined) {
    return make(
      'column.exists',
      'error',
      plan.path,
      `\`${t}\` has no column \`${name}\`; it has \`${other}\`, which differs only in case. A column named in the wrong case produces errors or no data (documented outside the spec).`,
      `Set \`${field}\` to ${JSON.stringify(other)}.`,
      'spec',
      COLUMNS,
      false,
    );
  }
  const names = facts.columns.map((c) => c.name);
  const guess = closest(name, names);
  const listed = names
    .slice(0, 10)
    .map((n) => `\`${n}\``)
    .join(', ');
  return make(
    'column.exists',
    'error',
    plan.path,
    `\`${t}\` has no column \`${name}\`${guess === undefined ? '.' : `; did you mean \`${guess}\`?`}`,
    `Set \`${field}\` to a column of the table${names.length > 0 ? `: ${listed}${names.length > 10 ? ', …' : ''}` : ''}.`,
    'spec',
    COLUMNS,
    false,
  );
}

/** The finding of `column.available` when `recommend` cannot choose a column for a field. */
export function availableFinding(plan: FieldPlan, facts: TableFacts): Finding {
  const field = plan.field.name;
  const t = facts.table;
  if (facts.columns === undefined) {
    return make(
      'column.available',
      'warning',
      plan.path,
      `The columns of \`${t}\` are not known, so no column can be chosen for \`${field}\`.`,
      "List the table's columns in the traits (columns).",
      'spec',
      COLUMNS,
      true,
    );
  }
  return make(
    'column.available',
    'error',
    plan.path,
    `\`${t}\` has no column left to name in \`${field}\` (a body names each column once).`,
    `Add a column for \`${field}\` to the table.`,
    'spec',
    COLUMNS,
    false,
  );
}

/** The finding of `option.supported_modes`: the mode is not among those the caller's source supports. */
function supportedFinding(plan: ModePlan, supported: readonly string[] | undefined): Finding {
  const id = plan.mode.id;
  return make(
    'option.supported_modes',
    'error',
    MODE_PATH,
    `\`${id}\` is not among the modes the source supports (supportedModes: ${supported?.join(', ') || 'none'}).`,
    `Use one of the supported modes, or add \`${id}\` to supportedModes if the source supports it.`,
    'caller',
    undefined,
    false,
  );
}

/** The finding of `option.must_capture`: the mode is not shown to capture a kind the caller requires. */
function mustCaptureFinding(plan: ModePlan, kind: ChangeKind): Finding {
  const id = plan.mode.id;
  const capture = plan.mode.captures[kind].value;
  return make(
    'option.must_capture',
    'error',
    MODE_PATH,
    `${kind} must be captured, and \`${id}\` ${capture === 'no' ? 'does not capture them' : 'is not described as capturing them'} (spec 2.3).`,
    `Use a mode that captures ${kind}${CAPTURING[kind] === '' ? ' (the spec describes none)' : ` (${CAPTURING[kind]})`}, or drop ${kind} from mustCapture.`,
    'caller',
    undefined,
    false,
  );
}

/** The finding a raw finding stands for, with its message and remedy. */
export function toFinding(
  raw: Raw,
  plan: ModePlan,
  facts: TableFacts,
  supported?: readonly string[],
): Finding {
  switch (raw.t) {
    case 'column':
      return columnFinding(raw.check, raw.verdict, raw.severity, raw.fp, raw.index, facts);
    case 'table':
      return tableFinding(raw.check, raw.verdict, raw.severity, plan, facts);
    case 'capture':
      return captureFinding(plan, raw.kind, raw.severity, facts);
    case 'exists':
      return existsFinding(raw.fp, raw.name, facts);
    case 'available':
      return availableFinding(raw.fp, facts);
    case 'caller':
      return raw.kind === undefined ? supportedFinding(plan, supported) : mustCaptureFinding(plan, raw.kind);
  }
}

/** The findings of raw findings, in order. */
export function toFindings(
  raws: readonly Raw[],
  plan: ModePlan,
  facts: TableFacts,
  supported?: readonly string[],
): Finding[] {
  const out: Finding[] = [];
  for (const raw of raws) out.push(toFinding(raw, plan, facts, supported));
  return out;
}

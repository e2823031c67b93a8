/**
 * What the advisor knows of each kind of source: its SQL dialect, and whether it has the
 * change-tracking feature that `change_tracking` uses. Read by the checks (rules) and the SQL of
 * remedies; nothing here is a guess: where it is not known, it says `unknown`.
 *
 * @module
 */
import { DIALECTS } from '../../dialects/index.js';
import type { DialectName } from '../../dialects/types.js';
import { DATABASE_WORDS, type SourceWords } from '../../dialects/words.js';
import type { SourceKind } from '../traits/model.js';
import type { Tri } from '../traits/tri.js';
import { DOCUMENTED } from './documented.js';

export type { DialectName } from '../../dialects/types.js';

/** One kind of source. */
export interface SourceProfile {
  /** Its name in sentences. */
  readonly label: string;
  /** The SQL dialect, or null where there is none the advisor writes (a CRM, another source). */
  readonly dialect: DialectName | null;
  /** Whether it has a change-tracking feature `change_tracking` can use. */
  readonly changeTracking: Tri;
  /** Why, in a sentence, with its source. */
  readonly changeTrackingBasis: string;
  /**
   * Whether a column's `auto_increment` can only be the caller's answer that each new record gets
   * a higher value (a platform with no identity columns, whose question asks just that), so that
   * `false` says the column does not grow; elsewhere `false` says only that it is no identity
   * column (the application may number it).
   */
  readonly autoIncrementIsGrowth: boolean;
}

/** Every source kind. */
export const SOURCE_PROFILES: { readonly [K in SourceKind]: SourceProfile } = {
  postgresql: {
    label: 'PostgreSQL',
    dialect: 'postgresql',
    autoIncrementIsGrowth: false,
    changeTracking: 'no',
    changeTrackingBasis:
      'PostgreSQL has no change-tracking feature (inference: its change feed is logical replication, which the service reads in log-based pipelines, not through a query mode)',
  },
  mysql: {
    label: 'MySQL/MariaDB',
    dialect: 'mysql',
    autoIncrementIsGrowth: false,
    changeTracking: 'no',
    changeTrackingBasis:
      'MySQL and MariaDB have no change-tracking feature (inference: their change feed is the binary log, which the service reads in log-based pipelines, not through a query mode)',
  },
  sqlserver: {
    label: 'SQL Server',
    dialect: 'sqlserver',
    autoIncrementIsGrowth: false,
    changeTracking: 'yes',
    changeTrackingBasis: `SQL Server has a change-tracking feature (documented at ${DOCUMENTED.sqlServerChangeTracking})`,
  },
  oracle: {
    label: 'Oracle',
    dialect: 'oracle',
    autoIncrementIsGrowth: false,
    changeTracking: 'unknown',
    changeTrackingBasis: 'whether the service can use a change-tracking feature of Oracle is not known',
  },
  salesforce: {
    label: 'Salesforce',
    dialect: 'salesforce',
    autoIncrementIsGrowth: true,
    changeTracking: 'no',
    changeTrackingBasis:
      'Salesforce is not a relational database server, whose change-tracking feature the mode uses (service rules: "Uses the change-tracking feature of a relational database server"); the service reads Salesforce by SystemModStamp (' +
      DOCUMENTED.serviceSalesforce +
      ')',
  },
  crm: {
    label: 'the CRM',
    dialect: null,
    autoIncrementIsGrowth: false,
    changeTracking: 'unknown',
    changeTrackingBasis:
      'whether a CRM source has a change-tracking feature the service can use is not known',
  },
  other: {
    label: 'the source',
    dialect: null,
    autoIncrementIsGrowth: false,
    changeTracking: 'unknown',
    changeTrackingBasis: 'whether this source has a change-tracking feature the service can use is not known',
  },
};

/** The profile of an unknown source. */
export const UNKNOWN_SOURCE: SourceProfile = {
  label: 'the source',
  dialect: null,
  autoIncrementIsGrowth: false,
  changeTracking: 'unknown',
  changeTrackingBasis:
    'the kind of source is not known, so whether it has a change-tracking feature is not known',
};

/** The profiles by kind, in a Map: a keyed read of `SOURCE_PROFILES` by the kind was megamorphic. */
const PROFILES: ReadonlyMap<SourceKind, SourceProfile> = new Map(
  Object.entries(SOURCE_PROFILES) as [SourceKind, SourceProfile][],
);

/**
 * The profile of a kind of source, or of an unknown one, from a Map (with `typeFactsTable`'s:
 * ~3% of chooseMode's own cost, CPU time).
 */
export function profileOf(source: SourceKind | undefined): SourceProfile {
  return source === undefined ? UNKNOWN_SOURCE : (PROFILES.get(source) as SourceProfile);
}

/** The words of a kind of source, by its profile (its dialect's `words`, or the databases'). */
export const profileWords = (profile: Pick<SourceProfile, 'dialect'>): SourceWords =>
  profile.dialect === null ? DATABASE_WORDS : DIALECTS[profile.dialect].words;

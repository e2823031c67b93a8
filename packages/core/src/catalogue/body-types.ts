/**
 * TypeScript types of the request body, derived from the catalogue at the type level: a new
 * mode or field in `modes.ts` changes these types with no edit here.
 *
 * @module
 */
import type { ModeEntry, QueryMode } from './modes.js';

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type KindValue<K> = K extends 'boolean'
  ? boolean
  : K extends 'column_name' | 'milliseconds_string'
    ? string
    : never;

type FieldsOf<M extends QueryMode> = Extract<ModeEntry, { id: M }>['fields'][number];

type ValueOf<M extends QueryMode, N extends string> = KindValue<Extract<FieldsOf<M>, { name: N }>['kind']>;

/** Which of a field's presences the types read: the strict profile's, or the documented one. */
type PresenceKey = 'presence' | 'documentedPresence';

type Required_<M extends QueryMode, P extends PresenceKey> = {
  [F in FieldsOf<M> as F[P] extends { type: 'required' } ? F['name'] : never]: KindValue<F['kind']>;
};

type Optional_<M extends QueryMode, P extends PresenceKey> = {
  [F in FieldsOf<M> as F[P] extends { type: 'optional' } ? F['name'] : never]?: KindValue<F['kind']>;
};

/** The condition field itself: required when its own presence is, else optional. */
type ConditionOtherwise<M extends QueryMode, P extends PresenceKey, G extends string, V> = Extract<
  FieldsOf<M>,
  { name: G }
>[P] extends { type: 'required' }
  ? { [Q in G]: Exclude<ValueOf<M, G>, V> }
  : { [Q in G]?: Exclude<ValueOf<M, G>, V> };

type Conditional<M extends QueryMode, P extends PresenceKey> =
  FieldsOf<M> extends infer F
    ? F extends {
        name: infer N extends string;
        kind: infer K;
      } & { [Q in P]: { type: 'required_when'; field: infer G extends string; equals: infer V } }
      ?
          | ({ [Q in G]: V } & { [Q in N]: KindValue<K> })
          | (ConditionOtherwise<M, P, G, V> & { [Q in N]?: KindValue<K> })
      : never
    : never;

type ConditionalPart<M extends QueryMode, P extends PresenceKey> = [Conditional<M, P>] extends [never]
  ? unknown
  : Conditional<M, P>;

type Distribute<T, Base> = T extends unknown ? Simplify<Base & T> : never;

type ConfigIn<M extends QueryMode, P extends PresenceKey> = Distribute<
  ConditionalPart<M, P>,
  { mode: M } & Omit<Required_<M, P>, ConditionalKeys<M, P>> & Omit<Optional_<M, P>, ConditionalKeys<M, P>>
>;

type ConditionalKeys<M extends QueryMode, P extends PresenceKey> =
  FieldsOf<M> extends infer F
    ? F extends { name: infer N extends string } & {
        [Q in P]: { type: 'required_when'; field: infer G extends string };
      }
      ? N | G
      : never
    : never;

/** The `config` of one mode, as sent on the wire, in querymode's strict profile. */
export type ConfigFor<M extends QueryMode> = ConfigIn<M, 'presence'>;

/**
 * The `config` of one mode as the service's documentation describes it (the documented profile):
 * only what it says is required is required. Keys it does not name are not typed.
 */
export type DocumentedConfigFor<M extends QueryMode> = ConfigIn<M, 'documentedPresence'>;

/** The `config` of any mode in the documented profile: a union discriminated on `mode`. */
export type DocumentedQueryModeConfig = { [M in QueryMode]: DocumentedConfigFor<M> }[QueryMode];

/**
 * The request body as the service's documentation describes it (the documented profile). Every
 * {@link QueryModeBody} is one.
 */
export interface DocumentedQueryModeBody {
  config: DocumentedQueryModeConfig;
}

/** The `config` of any mode: a union discriminated on `mode`. */
export type QueryModeConfig = { [M in QueryMode]: ConfigFor<M> }[QueryMode];

/** The request body of `PUT .../objects/<object_name>/query-mode`. */
export interface QueryModeBody {
  config: QueryModeConfig;
}

/** The `config` of `full_load`. */
export type FullLoadConfig = ConfigFor<'full_load'>;
/** The `config` of `timestamp`. */
export type TimestampConfig = ConfigFor<'timestamp'>;
/** The `config` of `incrementing`. */
export type IncrementingConfig = ConfigFor<'incrementing'>;
/** The `config` of `timestamp+incrementing`. */
export type TimestampIncrementingConfig = ConfigFor<'timestamp+incrementing'>;
/** The `config` of `unique_incrementing`. */
export type UniqueIncrementingConfig = ConfigFor<'unique_incrementing'>;
/** The `config` of `change_tracking`. */
export type ChangeTrackingConfig = ConfigFor<'change_tracking'>;

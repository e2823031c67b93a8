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

type Required_<M extends QueryMode> = {
  [F in FieldsOf<M> as F['presence'] extends { type: 'required' } ? F['name'] : never]: KindValue<F['kind']>;
};

type Optional_<M extends QueryMode> = {
  [F in FieldsOf<M> as F['presence'] extends { type: 'optional' } ? F['name'] : never]?: KindValue<F['kind']>;
};

type Conditional<M extends QueryMode> =
  FieldsOf<M> extends infer F
    ? F extends {
        name: infer N extends string;
        kind: infer K;
        presence: { type: 'required_when'; field: infer G extends string; equals: infer V };
      }
      ?
          | ({ [P in G]: V } & { [P in N]: KindValue<K> })
          | ({ [P in G]: Exclude<ValueOf<M, G>, V> } & { [P in N]?: KindValue<K> })
      : never
    : never;

type ConditionalPart<M extends QueryMode> = [Conditional<M>] extends [never] ? unknown : Conditional<M>;

type Distribute<T, Base> = T extends unknown ? Simplify<Base & T> : never;

/** The `config` of one mode, as sent on the wire. */
export type ConfigFor<M extends QueryMode> = Distribute<
  ConditionalPart<M>,
  { mode: M } & Omit<Required_<M>, ConditionalKeys<M>> & Omit<Optional_<M>, ConditionalKeys<M>>
>;

type ConditionalKeys<M extends QueryMode> =
  FieldsOf<M> extends infer F
    ? F extends {
        name: infer N extends string;
        presence: { type: 'required_when'; field: infer G extends string };
      }
      ? N | G
      : never
    : never;

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

/**
 * What the mock starts with: pipelines and their source objects, read from a fixture (JSON) or
 * generated from a seed. The record shapes are the mock's own: the service's API documentation shows no
 * pipeline or object fields. An object without a config starts in `full_load`, the default mode of
 * every new pipeline object (docs/service.md#default-mode).
 *
 * @module
 */
import {
  type BodyProfile,
  DEFAULT_BODY_PROFILE,
  DEFAULT_MODE,
  describeThrown,
  type Issue,
  type IssuePath,
  invalidTypeIssue,
  isRecord,
  makeIssue,
  type QueryModeBody,
  type Result,
  validateQueryModeBody,
} from '@querymode/core';
import { sequence } from './random.js';

/** One source object of a fixture. */
export interface FixtureObject {
  /** The object's name inside its pipeline (`<object_name>`). */
  readonly name: string;
  /** Its query-mode config; default `{ mode: 'full_load' }`. */
  readonly config?: QueryModeBody['config'];
}

/** One pipeline of a fixture. */
export interface FixturePipeline {
  /** The pipeline's id (`<pipeline_id>`). */
  readonly id: string;
  /** A name, shown in the list; default the id. */
  readonly name?: string;
  /** Its source objects. */
  readonly objects: readonly FixtureObject[];
}

/** A fixture: `{ "pipelines": [ { "id", "name"?, "objects": [ { "name", "config"? } ] } ] }`. */
export interface Fixture {
  readonly pipelines: readonly FixturePipeline[];
}

/** Options of {@link generateFixture}. */
export interface GenerateOptions {
  /** How many pipelines (default 3). */
  readonly pipelines?: number;
  /** How many objects per pipeline (default 5). */
  readonly objects?: number;
  /** The seed of the pipeline ids (default 1). */
  readonly seed?: number;
}

/** A fixture of `pipelines` pipelines with `objects` objects each, all in `full_load`; ids depend on `seed`. */
export function generateFixture(options: GenerateOptions = {}): Fixture {
  const random = sequence(options.seed ?? 1);
  const count = options.pipelines ?? 3;
  const objects = options.objects ?? 5;
  const width = String(Math.max(count, objects)).length;
  const pad = (n: number): string => String(n).padStart(width, '0');
  return {
    pipelines: Array.from({ length: count }, (_, p) => {
      const tag = Math.floor(random() * 0x10000)
        .toString(16)
        .padStart(4, '0');
      return {
        id: `p${pad(p + 1)}-${tag}`,
        name: `pipeline ${p + 1}`,
        objects: Array.from({ length: objects }, (_, o) => ({ name: `public.table_${pad(o + 1)}` })),
      };
    }),
  };
}

/** Options of {@link readFixture} and {@link checkFixture}. */
export interface FixtureCheckOptions {
  /** The profile each config is checked in: `strict` (the default) or `documented`, as the mock's PUTs. */
  readonly profile?: BodyProfile;
  /** Where the fixture sits, for the issues' paths (default: the root). */
  readonly path?: IssuePath;
}

/**
 * The key `field` of `record` (at `at`): a non-empty string not seen before in `seen` (where each
 * was first given), or undefined with its issue.
 */
function uniqueString(
  record: Record<string, unknown>,
  at: IssuePath,
  field: string,
  seen: Map<string, IssuePath>,
  issues: Issue[],
): string | undefined {
  const value = record[field];
  const path = [...at, field];
  if (value === undefined) issues.push(makeIssue({ code: 'missing_field', path, field }));
  else if (typeof value !== 'string') issues.push(invalidTypeIssue(path, 'string', value));
  else if (value === '') issues.push(makeIssue({ code: 'empty_string', path }));
  else {
    const first = seen.get(value);
    if (first === undefined) {
      seen.set(value, path);
      return value;
    }
    issues.push(makeIssue({ code: 'duplicate_value', path, value, first }));
  }
  return undefined;
}

/** The value at `at` when it is an object, else undefined with its issue. */
function recordAt(value: unknown, at: IssuePath, issues: Issue[]): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  issues.push(invalidTypeIssue(at, 'object', value));
  return undefined;
}

/** What a fixture is read with: the profile of its configs, and where issues go. */
interface Reading {
  readonly profile: BodyProfile;
  readonly issues: Issue[];
}

/** One object of a pipeline, its config filled in and checked by core in the profile. */
function readObject(
  record: Record<string, unknown>,
  at: IssuePath,
  names: Map<string, IssuePath>,
  { profile, issues }: Reading,
): FixtureObject | undefined {
  const name = uniqueString(record, at, 'name', names, issues);
  // Typed as the strict profile's config, as the mock's PUTs are (`api.ts`): the state keeps either.
  const checked = validateQueryModeBody(
    { config: record.config ?? { mode: DEFAULT_MODE } },
    { profile: profile as 'strict' },
  );
  if (!checked.ok) for (const i of checked.issues) issues.push(makeIssue({ ...i, path: [...at, ...i.path] }));
  return name === undefined || !checked.ok ? undefined : { name, config: checked.value.config };
}

/** One pipeline; its id is added to `ids`. */
function readPipeline(
  record: Record<string, unknown>,
  at: IssuePath,
  ids: Map<string, IssuePath>,
  reading: Reading,
): FixturePipeline | undefined {
  const { issues } = reading;
  const id = uniqueString(record, at, 'id', ids, issues);
  const name = record.name;
  if (name !== undefined && typeof name !== 'string')
    issues.push(invalidTypeIssue([...at, 'name'], 'string', name));
  const list = record.objects;
  if (!Array.isArray(list)) {
    issues.push(invalidTypeIssue([...at, 'objects'], 'array', list));
    return undefined;
  }
  const names = new Map<string, IssuePath>();
  const objects: FixtureObject[] = [];
  for (let j = 0; j < list.length; j++) {
    const oat = [...at, 'objects', j];
    const record = recordAt(list[j], oat, issues);
    const object = record === undefined ? undefined : readObject(record, oat, names, reading);
    if (object !== undefined) objects.push(object);
  }
  return id === undefined ? undefined : { id, name: typeof name === 'string' ? name : id, objects };
}

/**
 * Reads a fixture, from JSON or given in code: ids and object names non-empty strings, unique (ids
 * in the fixture, object names in their pipeline), each config valid by core in the profile (an
 * object without one starts in the default mode). Returns the fixture with every config filled
 * in, or core's issues, each with its path (under `options.path`). Never throws: a getter or proxy
 * that throws is an `unreadable_input` issue.
 */
export function readFixture(value: unknown, options: FixtureCheckOptions = {}): Result<Fixture> {
  const root = options.path ?? [];
  const issues: Issue[] = [];
  try {
    const fixture = recordAt(value, root, issues);
    if (fixture === undefined) return { ok: false, issues };
    const list = fixture.pipelines;
    if (!Array.isArray(list))
      return { ok: false, issues: [invalidTypeIssue([...root, 'pipelines'], 'array', list)] };
    const ids = new Map<string, IssuePath>();
    const pipelines: FixturePipeline[] = [];
    const reading: Reading = { profile: options.profile ?? DEFAULT_BODY_PROFILE, issues };
    for (let i = 0; i < list.length; i++) {
      const at = [...root, 'pipelines', i];
      const record = recordAt(list[i], at, issues);
      const pipeline = record === undefined ? undefined : readPipeline(record, at, ids, reading);
      if (pipeline !== undefined) pipelines.push(pipeline);
    }
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value: { pipelines } };
  } catch (error) {
    issues.push(makeIssue({ code: 'unreadable_input', path: root, detail: describeThrown(error) }));
    return { ok: false, issues };
  }
}

/**
 * {@link readFixture} with its issues as lines of text (each names its path), for a file read
 * from JSON (`querymode mock --fixtures`). Never throws.
 */
export function checkFixture(
  value: unknown,
  options: FixtureCheckOptions = {},
): { ok: true; value: Fixture } | { ok: false; problems: string[] } {
  const read = readFixture(value, options);
  return read.ok ? read : { ok: false, problems: read.issues.map((i) => i.message) };
}

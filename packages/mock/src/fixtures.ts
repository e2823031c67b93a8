/**
 * What the mock starts with: pipelines and their source objects, read from a fixture (JSON) or
 * generated from a seed. The record shapes are the mock's own: the service's API documentation shows no
 * pipeline or object fields. An object without a config starts in `full_load`, the default mode of
 * every new pipeline object (docs/service.md#default-mode).
 *
 * @module
 */
import {
  DEFAULT_MODE,
  describeValue,
  isRecord,
  type QueryModeBody,
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

/**
 * Checks a fixture read from JSON: ids and names non-empty strings, unique (ids in the fixture,
 * object names in their pipeline), configs valid by core. Returns the fixture with every config
 * filled in, or one message per problem (with its JSON path). Never throws.
 */
export function checkFixture(
  value: unknown,
): { ok: true; value: Fixture } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (!isRecord(value) || !Array.isArray(value.pipelines)) {
    return { ok: false, problems: [`expected { "pipelines": [...] }, received ${describeValue(value)}`] };
  }
  const ids = new Set<string>();
  const pipelines: FixturePipeline[] = [];
  value.pipelines.forEach((p: unknown, i: number) => {
    const at = `pipelines[${i}]`;
    if (!isRecord(p)) {
      problems.push(`${at}: expected an object, received ${describeValue(p)}`);
      return;
    }
    if (typeof p.id !== 'string' || p.id === '') problems.push(`${at}.id: expected a non-empty string`);
    else if (ids.has(p.id)) problems.push(`${at}.id: "${p.id}" is used by another pipeline`);
    else ids.add(p.id);
    if (p.name !== undefined && typeof p.name !== 'string') problems.push(`${at}.name: expected a string`);
    if (!Array.isArray(p.objects)) {
      problems.push(`${at}.objects: expected an array`);
      return;
    }
    const names = new Set<string>();
    const objects: FixtureObject[] = [];
    p.objects.forEach((o: unknown, j: number) => {
      const oat = `${at}.objects[${j}]`;
      if (!isRecord(o) || typeof o.name !== 'string' || o.name === '') {
        problems.push(`${oat}: expected { "name": "<non-empty string>", "config"?: {...} }`);
        return;
      }
      if (names.has(o.name))
        problems.push(`${oat}.name: "${o.name}" is used by another object of this pipeline`);
      names.add(o.name);
      const checked = validateQueryModeBody({ config: o.config ?? { mode: DEFAULT_MODE } });
      if (!checked.ok) {
        for (const issue of checked.issues) problems.push(`${oat}.${issue.path.join('.')}: ${issue.message}`);
        return;
      }
      objects.push({ name: o.name, config: checked.value.config });
    });
    pipelines.push({ id: String(p.id), name: typeof p.name === 'string' ? p.name : String(p.id), objects });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { pipelines } };
}

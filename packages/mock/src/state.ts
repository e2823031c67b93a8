/**
 * The mock's state: pipelines in id order, each with its source objects in name order, each object
 * with its query-mode config and how many PUTs set it. Readable as a snapshot, for tests
 * (`GET /__mock/state`).
 *
 * @module
 */
import { DEFAULT_MODE, type QueryModeBody } from '@querymode/core';
import type { Fixture } from './fixtures.js';

type Config = QueryModeBody['config'];

/** One source object. */
interface MockObject {
  readonly name: string;
  config: Config;
  /** Accepted PUTs. */
  puts: number;
  /** The distinct configs those PUTs carried, as canonical JSON. */
  readonly putConfigs: Set<string>;
}

/** One pipeline. */
interface MockPipeline {
  readonly id: string;
  readonly name: string;
  readonly objects: Map<string, MockObject>;
  /** Object names in order, for the objects list. */
  readonly order: readonly string[];
}

/** An object as the snapshot shows it. */
export interface ObjectSnapshot {
  readonly name: string;
  readonly config: Config;
  readonly mode: Config['mode'];
  /** How many PUTs set this object (retries of one PUT included). */
  readonly puts: number;
  /** How many different configs those PUTs carried: 1 when every PUT was the same. */
  readonly distinct_configs: number;
}

/** A pipeline as the snapshot shows it. */
export interface PipelineSnapshot {
  readonly id: string;
  readonly name: string;
  readonly objects: readonly ObjectSnapshot[];
}

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The pipelines and objects of the mock. */
export class MockState {
  readonly #pipelines = new Map<string, MockPipeline>();
  /** Pipeline ids in order, for the pipeline list. */
  readonly pipelineIds: readonly string[];

  constructor(fixture: Fixture) {
    for (const p of fixture.pipelines) {
      const objects = new Map<string, MockObject>();
      for (const o of p.objects) {
        objects.set(o.name, {
          name: o.name,
          config: o.config ?? { mode: DEFAULT_MODE },
          puts: 0,
          putConfigs: new Set(),
        });
      }
      this.#pipelines.set(p.id, {
        id: p.id,
        name: p.name ?? p.id,
        objects,
        order: [...objects.keys()].sort(byKey),
      });
    }
    this.pipelineIds = [...this.#pipelines.keys()].sort(byKey);
  }

  /** Whether a pipeline exists. */
  hasPipeline(id: string): boolean {
    return this.#pipelines.has(id);
  }

  /** A pipeline's record as the list shows it (the mock's own shape: `{ id, name, objects }`). */
  pipelineRecord(id: string): Record<string, unknown> {
    const p = this.#pipelines.get(id) as MockPipeline;
    return { id: p.id, name: p.name, objects: p.order.length };
  }

  /** A pipeline's object names in order. */
  objectNames(pipelineId: string): readonly string[] {
    return this.#pipelines.get(pipelineId)?.order ?? [];
  }

  /**
   * An object's record as the objects list shows it: `name`, `status` and `last_run_ts` (fields
   * the service's public documentation; the mock never runs, so `status` is `active` and `last_run_ts`
   * null) and the mock's own `config`.
   */
  objectRecord(pipelineId: string, name: string): Record<string, unknown> {
    const o = this.#pipelines.get(pipelineId)?.objects.get(name) as MockObject;
    return { name: o.name, status: 'active', last_run_ts: null, config: o.config };
  }

  /** Whether an object exists in a pipeline. */
  hasObject(pipelineId: string, name: string): boolean {
    return this.#pipelines.get(pipelineId)?.objects.has(name) ?? false;
  }

  /** Sets an object's config (already validated) and counts the PUT. */
  setConfig(pipelineId: string, name: string, config: Config): void {
    const o = this.#pipelines.get(pipelineId)?.objects.get(name);
    if (o === undefined) return;
    o.config = config;
    o.puts += 1;
    o.putConfigs.add(JSON.stringify(config));
  }

  /** Every pipeline and object, with configs and PUT counts. */
  snapshot(): PipelineSnapshot[] {
    return this.pipelineIds.map((id) => {
      const p = this.#pipelines.get(id) as MockPipeline;
      return {
        id: p.id,
        name: p.name,
        objects: p.order.map((name) => {
          const o = p.objects.get(name) as MockObject;
          return {
            name,
            config: o.config,
            mode: o.config.mode,
            puts: o.puts,
            distinct_configs: o.putConfigs.size,
          };
        }),
      };
    });
  }
}

import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../src/index.js';

const arrays = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const objects = (depth: number): unknown => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

describe('jsonDepthExceeds', () => {
  it('counts levels of arrays and objects: a scalar is 0, [] is 1', () => {
    expect(jsonDepthExceeds(1, 0)).toBe(false);
    expect(jsonDepthExceeds([], 0)).toBe(true);
    expect(jsonDepthExceeds([], 1)).toBe(false);
    expect(jsonDepthExceeds({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(jsonDepthExceeds({ a: [{ b: 1 }] }, 2)).toBe(true);
    expect(jsonDepthExceeds(arrays(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(objects(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('answers for any depth without a stack overflow (1,000,000 levels)', () => {
    expect(jsonDepthExceeds(arrays(1_000_000))).toBe(true);
    expect(jsonDepthExceeds(objects(100_000))).toBe(true);
  });
});

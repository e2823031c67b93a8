/**
 * The service rules (`docs/service.md`'s data): every rule of the catalogue is backed by exactly
 * one, anchors are stable and unique, every source is one a user can follow, and every quote of
 * the service's API documentation is its words (checked against the steering copy of it, which
 * sits beside the repository in this project's CI and development machines).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  citeServiceRule,
  GENERAL_RULES,
  MODES,
  SERVICE_RULES,
  type ServiceRule,
  serviceRuleLink,
  serviceRuleOf,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';

const rules = SERVICE_RULES as readonly ServiceRule[];
const catalogueRuleIds = [
  ...MODES.flatMap((m) => m.rules.map((r) => r.id)),
  ...GENERAL_RULES.map((r) => r.id),
];

describe('the service rules', () => {
  it('back every rule of the catalogue exactly once, and nothing else', () => {
    const backed = rules.flatMap((r) => r.backs);
    expect([...backed].sort()).toEqual([...catalogueRuleIds].sort());
    for (const id of catalogueRuleIds) expect(serviceRuleOf(id), id).toBeDefined();
  });

  it('have unique anchors made of lower-case words and hyphens', () => {
    const ids = rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(serviceRuleLink('full-load-row-limit')).toBe('docs/service.md#full-load-row-limit');
    expect(citeServiceRule('full-load-row-limit')).toBe('service rules: full_load row limit');
    expect([serviceRuleLink('nope'), citeServiceRule('nope')]).toEqual([undefined, undefined]);
  });

  it('cite sources a user can follow, and never the spec or a section number', () => {
    for (const r of rules) {
      const text = JSON.stringify(r);
      expect(text, r.id).not.toMatch(/\bspec\b|section \d|§/i);
      if (r.source.kind === 'public_docs') expect(r.source.address, r.id).toMatch(/^https:\/\/[a-z.-]+\//);
      if (r.source.kind === 'querymode') expect(r.source.why.length, r.id).toBeGreaterThan(20);
    }
  });

  const specPath = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'spec', 'service.md');
  it.runIf(existsSync(specPath))('quote the service API documentation word for word', () => {
    const spec = readFileSync(specPath, 'utf8').replace(/\s+/g, ' ');
    for (const r of rules) {
      if (r.source.kind !== 'api_reference') continue;
      for (const part of r.source.quote.split(' … '))
        expect(spec, `${r.id}: ${part}`).toContain(part.replace(/\s+/g, ' '));
    }
  });
});

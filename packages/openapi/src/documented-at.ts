/**
 * How the document cites a fact that a public page of the service documents: the page's address
 * and the entry of docs/service.md, both from core's service rules, so the two cannot drift.
 *
 * @module
 */
import { SERVICE_RULES, type ServiceRule, serviceRuleLink } from '@querymode/core';

/**
 * `Documented at <address> (docs/service.md#<id>)`, for the service rule `id`, whose source is a
 * public page. Throws at build time for an id that names no such rule: a mistake in this package.
 */
export function documentedAt(id: string): string {
  const rule = (SERVICE_RULES as readonly ServiceRule[]).find((r) => r.id === id);
  if (rule?.source.kind !== 'public_docs') throw new Error(`no public page backs the service rule ${id}`);
  return `Documented at ${rule.source.address} (${serviceRuleLink(id)})`;
}

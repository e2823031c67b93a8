/**
 * Catalogue helpers for docs, examples and remedies: a field's presence in words, and an example
 * config per mode with placeholder values (column names are the column's role).
 *
 * @module
 */
import type { FieldPresence, ModeSpec } from './types.js';

/** A field's presence in words. */
export function presenceText(p: FieldPresence): string {
  try {
    if (p.type === 'required_when') return `required when \`${String(p.field)}\` is ${String(p.equals)}`;
    return p.type === 'required' || p.type === 'optional' ? p.type : 'not stated';
  } catch {
    return 'not stated';
  }
}

/**
 * What the service's documentation says of a field's presence, in words: `not stated` where it
 * lists the field without saying (its `documentedPresence` is `optional`).
 */
export function documentedPresenceText(p: FieldPresence): string {
  try {
    return p.type === 'optional' ? 'not stated' : presenceText(p);
  } catch {
    return 'not stated';
  }
}

/** An example config for a mode: required fields filled with placeholder values. */
export function exampleConfig(mode: ModeSpec): Record<string, unknown> {
  try {
    return exampleOf(mode);
  } catch {
    return {};
  }
}

function exampleOf(mode: ModeSpec): Record<string, unknown> {
  const out: Record<string, unknown> = { mode: mode.id };
  const samples = { column_name: 'column_name', boolean: true, milliseconds_string: '60000' } as const;
  for (const f of mode.fields) {
    if (f.presence.type === 'optional') continue;
    out[f.name] = f.column ? `${f.column.role}_column` : samples[f.kind];
  }
  return out;
}

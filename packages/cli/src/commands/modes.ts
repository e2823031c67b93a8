/**
 * `querymode modes`: the modes, their fields and the changes they capture.
 *
 * @module
 */
import { MODES } from '@querymode/core';
import { styleFor } from '../io/style.js';
import { printOut } from '../io/write.js';
import { printJson } from '../render/json.js';
import { textTable } from '../render/table.js';

/** Options of `modes`. */
export interface ModesOptions {
  readonly json?: boolean;
}

/** Runs `modes`. */
export function runModes(options: ModesOptions): number {
  if (options.json) {
    printJson({ modes: MODES });
    return 0;
  }
  const rows = MODES.map((m) => [
    m.id,
    m.captures.inserts.text,
    m.captures.updates.text,
    m.fields.length
      ? m.fields.map((f) => (f.presence.type === 'optional' ? `[${f.name}]` : f.name)).join(', ')
      : '-',
  ]);
  // The header row in bold, once the table is laid out: colour codes would count in its widths.
  const [header = '', ...body] = textTable(['mode', 'inserts', 'updates', 'fields ([optional])'], rows).split(
    '\n',
  );
  printOut(
    `${[styleFor(process.stdout).bold(header), ...body].join('\n')}\n\nDeletes: not described for any mode. Run \`querymode explain <mode>\` for fields, rules and remedies.`,
  );
  return 0;
}

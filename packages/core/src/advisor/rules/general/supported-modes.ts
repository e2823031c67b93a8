/**
 * `option.supported_modes`: the caller says which modes its source supports (the service's documentation does not
 * show the support matrix per source and pipeline mode, docs/service.md#supported-modes).
 *
 * @module
 */
import { inWords, type TableCheck } from '../check.js';

/** The mode is among those the caller's source supports. */
export const supportedModes: TableCheck = {
  id: 'option.supported_modes',
  rule: 'option.supported_modes',
  scope: 'table',
  strength: 'hard',
  source: {
    kind: 'caller',
    statement:
      'Which modes are supported per source type and pipeline mode is not published by the service (service rules: modes supported per source), so the caller says.',
  },
  holds: 'The mode is among the modes the caller says its source supports (all, when not given).',
  reads: [],
  rulesOutMode: true,
  verdict: ({ mode, options }) =>
    options.supportedModes === undefined || options.supportedModes.includes(mode.id) ? 'yes' : 'no',
  message: ({ mode, options }) =>
    `\`${mode.id}\` is not among the modes the source supports (said to be: ${options.supportedModes?.join(', ') || 'none'}).`,
  remedy: ({ mode }) =>
    inWords(
      `Use one of the supported modes, or add \`${mode.id}\` to the supported modes (--supported-modes) if the source supports it.`,
    ),
  ask: () => [],
};

/**
 * `PUT /pipelines/{pipeline_id}/objects/{object_name}/query-mode` (spec 4.1): sets the query mode
 * of a source object. The body schema is core's `documentedQueryModeBodySchema` (what the service's
 * documentation states), one named component per mode.
 *
 * @module
 */
import { BODY_PROFILES, DEFAULT_MODE, documentedPresenceText, type FieldSpec, MODES } from '@querymode/core';
import { documentedQueryModeBodySchema } from '@querymode/core/schemas';
import type { OperationObject, ParameterObject } from 'openapi3-ts/oas31';
import { documentedAt } from '../documented-at.js';
import { queryModeBodyExamples } from '../examples.js';
import { errorResponses } from '../responses.js';
import { toOpenApiSchema } from '../schemas.js';
import { basicAuthRequirement } from '../security.js';
import { QUERY_MODE_TAG } from '../tags.js';
import { JSON_MEDIA_TYPE } from './headers.js';
import type { PathEntry } from './types.js';

/** The stable operationId of the query-mode operation. */
export const UPDATE_QUERY_MODE = 'updateQueryMode';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function fieldList(fields: readonly FieldSpec[]): string {
  if (fields.length === 0) return 'none';
  return fields.map((f) => `\`${f.name}\` (${documentedPresenceText(f.documentedPresence)})`).join(', ');
}

/** The overview table of the modes, from the catalogue. */
function modesTable(): string[] {
  return [
    '| mode | inserts | updates | fields of `config` besides `mode` |',
    '|---|---|---|---|',
    ...MODES.map(
      (m) =>
        `| \`${m.id}\` | ${cell(m.captures.inserts.text)} | ${cell(m.captures.updates.text)} | ${cell(
          fieldList(m.fields),
        )} |`,
    ),
  ];
}

function description(): string {
  return [
    'Sets the query mode of a source object of a pipeline (spec 4.1). The mode sets what kind and how',
    'much data is queried from the source, and decides whether the whole data is re-ingested on every',
    'change or only changed data is appended or inserted at the destination (spec 1). The query mode',
    'affects consumption of the events quota (spec 6).',
    '',
    `Requests send \`accept\` and \`content-type\` with \`${JSON_MEDIA_TYPE}\` (spec 4.1): the media type of the`,
    'request body and of the responses.',
    '',
    'Applies to pipelines created with a cloud CRM source and with database sources. Not documented:',
    'which modes each source type and pipeline mode (Logical, Table, Custom SQL) supports, which',
    'changes from the current mode to a new one are allowed, and the response.',
    '',
    `The body is \`{ "config": { "mode": ..., ... } }\`. \`mode\` selects one schema, and the other`,
    `fields depend on it. New pipeline objects start in \`${DEFAULT_MODE}\` (spec 3). Each mode's schema`,
    'states what the mode captures and its rules. The schemas require what the service documents as',
    'required and no more; the documentation does not say whether other keys are accepted.',
    '',
    `querymode's \`validate\`, client and mock apply by default ${BODY_PROFILES.strict.title}, which is stricter`,
    'than this document and not a rule of the service: every column field of the mode and',
    '`historical_enabled` are required, other keys are rejected, and a column name must be non-empty',
    "without white space at either end, where this document, as the service's documentation, asks only",
    'for a string (see docs/service.md, "querymode\'s strict profile").',
    '',
    ...modesTable(),
    '',
    `${documentedAt('mode-change-restarts')}: changing the query mode of an object restarts ingestion of that`,
    'object from the beginning.',
  ].join('\n');
}

function pathParameters(): ParameterObject[] {
  return [
    {
      name: 'pipeline_id',
      in: 'path',
      required: true,
      description:
        'The identifier of the pipeline, `<pipeline_id>` (spec 2.1). Its format is not documented.',
      schema: { type: 'string' },
    },
    {
      name: 'object_name',
      in: 'path',
      required: true,
      description:
        'The name of the source object inside the pipeline, `<object_name>` (spec 2.2). Its format is not ' +
        'documented; percent-encode it as a path segment.',
      schema: { type: 'string' },
    },
  ];
}

/** The path item of the query-mode operation, with the schema components it references. */
export function updateQueryModePath(): PathEntry {
  const body = toOpenApiSchema(documentedQueryModeBodySchema, 'input', 'unstated');
  const operation: OperationObject = {
    operationId: UPDATE_QUERY_MODE,
    summary: 'Set the query mode of a source object',
    description: description(),
    tags: [QUERY_MODE_TAG],
    security: basicAuthRequirement(),
    parameters: pathParameters(),
    requestBody: {
      required: true,
      description: 'The query mode configuration: one required key, `config` (spec 2.3).',
      content: { [JSON_MEDIA_TYPE]: { schema: body.schema, examples: queryModeBodyExamples() } },
    },
    responses: {
      '2XX': {
        description:
          'The query mode was set. The status code and the response body are not documented (spec 4.1). ' +
          `${documentedAt('status-codes')}: the API answers 200 or 204.`,
        content: {
          [JSON_MEDIA_TYPE]: {
            schema: { description: 'Not documented: the response body (spec 4.1).' },
          },
        },
      },
      ...errorResponses(['BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests']),
    },
  };
  return {
    path: '/pipelines/{pipeline_id}/objects/{object_name}/query-mode',
    item: { put: operation },
    components: body.components,
  };
}

/**
 * The request headers the spec lists for the query-mode operation (spec 4.1), as parameters.
 * OpenAPI tools take the media types from `requestBody.content` and `responses`; the parameters
 * repeat them so that the spec's headers are all in the document.
 *
 * @module
 */
import type { ParameterObject } from 'openapi3-ts/oas31';

/** The media type of every body (spec 4.1). */
export const JSON_MEDIA_TYPE = 'application/json';

function header(name: string, description: string): ParameterObject {
  return {
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string', enum: [JSON_MEDIA_TYPE] },
  };
}

/** The `accept` and `content-type` headers of a request with a JSON body (spec 4.1). */
export function jsonHeaders(): ParameterObject[] {
  return [
    header('accept', `The header \`accept\` with \`${JSON_MEDIA_TYPE}\` (spec 4.1).`),
    header('content-type', `The header \`content-type\` with \`${JSON_MEDIA_TYPE}\` (spec 4.1).`),
  ];
}

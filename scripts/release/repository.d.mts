/** Types of `repository.mjs`. */
export declare const REPOSITORY_ENV: 'QUERYMODE_REPOSITORY_URL';
export declare const HOMEPAGE_ENV: 'QUERYMODE_HOMEPAGE';
export interface Addresses {
  readonly repository: string;
  readonly homepage: string;
}
export declare function addressesFrom(
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; value: Addresses } | { ok: false; message: string };
export declare function isPublicManifest(manifest: unknown): boolean;
export declare function withAddresses(
  manifest: Readonly<Record<string, unknown>>,
  addresses: Addresses,
  directory: string,
): Record<string, unknown>;

/**
 * The introspection package (`@querymode/introspect`: the catalog readers, the embedded
 * PostgreSQL), for `inspect`, `verify` and `demo`. The build bundles it from source into
 * `dist/introspect.cjs`, whose core is the main bundle's (see `load-introspect.ts` and
 * `build.mjs`), so a run loads each package once.
 *
 * @module
 */
export * from '@querymode/introspect';

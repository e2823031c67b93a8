// Writes dist/pglite-snapshot/: a snapshot of a freshly created embedded PostgreSQL (made by the
// PGlite this package is built with) and its manifest, which openEmbedded starts from instead of
// running initdb again (src/embedded/fresh-snapshot.ts says when it is used). Run after
// build-library.mjs: it uses the compiled module. A build output, never committed.
import { PGlite } from '@electric-sql/pglite';
import { makeFreshSnapshot, SNAPSHOT_FOLDER } from './dist/esm/embedded/fresh-snapshot.js';

await makeFreshSnapshot(PGlite, new URL(`./dist/${SNAPSHOT_FOLDER}`, import.meta.url).pathname);

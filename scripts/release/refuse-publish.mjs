#!/usr/bin/env node
/**
 * The `prepublishOnly` guard of every public package: a package is published from the tarball
 * `pnpm run pack:public` writes (with `repository` and `homepage` from `QUERYMODE_REPOSITORY_URL`),
 * never from its folder, whose manifest has no public address. Exits 1 with what to do.
 *
 * @module
 */
process.stderr.write(
  'This package is published from the tarball that `pnpm run pack:public` writes, which fills in `repository` and `homepage` from QUERYMODE_REPOSITORY_URL; publishing the folder would publish no public address. See CONTRIBUTING.md, "Release the packages".\n',
);
process.exit(1);

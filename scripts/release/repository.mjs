/**
 * The public address of the project, given at release time: querymode does not know where it is
 * published, so no package.json carries `repository` or `homepage`. `pnpm run pack:public` fills
 * them into the packed manifests from the environment, and refuses to pack without them.
 *
 * Pure: reads only the environment object and the manifest it is given.
 *
 * @module
 */

/** The variable that gives the repository's public address (`https://...`, a git URL of the repository). */
export const REPOSITORY_ENV = 'QUERYMODE_REPOSITORY_URL';
/** The variable that gives the project's home page; the repository's address when unset. */
export const HOMEPAGE_ENV = 'QUERYMODE_HOMEPAGE';

/** An address is usable when it parses as an https URL with a host and carries no credential. */
function httpsAddress(value, name) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: `${name} is not a URL: ${JSON.stringify(value)}` };
  }
  if (url.protocol !== 'https:' || url.hostname === '')
    return { ok: false, message: `${name} must be an https:// address, received ${JSON.stringify(value)}` };
  if (url.username !== '' || url.password !== '')
    return { ok: false, message: `${name} must not carry a user name or password` };
  return { ok: true, value: url.href };
}

/**
 * The public addresses from the environment: `{ ok: true, value: { repository, homepage } }`, or
 * `{ ok: false, message }` saying what to set.
 */
export function addressesFrom(env) {
  const given = env[REPOSITORY_ENV];
  if (given === undefined || given.trim() === '') {
    return {
      ok: false,
      message: `${REPOSITORY_ENV} is not set: a public package is packed only with the repository's public address (for example ${REPOSITORY_ENV}=https://github.com/<owner>/<repository>); ${HOMEPAGE_ENV} optionally gives the home page. See CONTRIBUTING.md, "Release the packages".`,
    };
  }
  const repository = httpsAddress(given.trim(), REPOSITORY_ENV);
  if (!repository.ok) return repository;
  const home = env[HOMEPAGE_ENV];
  if (home === undefined || home.trim() === '') {
    return {
      ok: true,
      value: { repository: repository.value, homepage: repository.value.replace(/\.git$/, '') },
    };
  }
  const homepage = httpsAddress(home.trim(), HOMEPAGE_ENV);
  return homepage.ok
    ? { ok: true, value: { repository: repository.value, homepage: homepage.value } }
    : homepage;
}

/**
 * Whether a package's manifest is of a public package: `publishConfig.access` is `public`. Its
 * folder's manifest is also `"private": true`, so that npm refuses to publish the folder or a
 * tarball packed by hand (`This package has been marked as private`); only the tarball of
 * `pack:public` (see {@link withAddresses}) drops it.
 */
export function isPublicManifest(manifest) {
  return manifest?.publishConfig?.access === 'public';
}

/**
 * The manifest of a packed package with `repository` (its folder in the monorepo as `directory`)
 * and `homepage`, and without the workspace's own publish guards (`private`, `prepublishOnly`). A
 * new object; the input is not changed.
 */
export function withAddresses(manifest, addresses, directory) {
  const { scripts, private: _private, ...rest } = manifest;
  const out = {
    ...rest,
    repository: { type: 'git', url: `git+${addresses.repository}`, directory },
    homepage: addresses.homepage,
  };
  if (scripts !== undefined) {
    const { prepublishOnly: _guard, ...kept } = scripts;
    if (Object.keys(kept).length > 0) out.scripts = kept;
  }
  return out;
}

/**
 * The kinds of source as the command line names them, read from introspect's plain kind
 * descriptions (`@querymode/introspect/kinds`, bundled into the program: no driver, no reader):
 * the URL help, the kinds whose driver variables `--source` picks, and the flags only one kind
 * reads. Adding a kind to introspect adds it here, with no CLI file changed.
 *
 * @module
 */
import { Option } from '@commander-js/extra-typings';
import type { SourceKind } from '@querymode/core';
import { KINDS, type KindDescription, type KindFlag, type KindReader } from '@querymode/introspect/kinds';
import { usageError } from '../errors.js';

export type { InspectableKind, KindDescription } from '@querymode/introspect/kinds';

/** Every kind introspect describes. */
export const KIND_LIST: readonly KindDescription[] = Object.values(KINDS).flatMap((k) =>
  k === undefined ? [] : [k],
);

/** A kind of source that is no database, read by its own reader (Salesforce). */
export type ReadKind = KindDescription & { readonly sourceReader: KindReader };

/**
 * The kind of source a URL's scheme names when it is no database (`salesforce://...`), read by
 * its own reader; undefined for a database's URL (or none).
 */
export function readKindOf(url: string, kinds: readonly KindDescription[] = KIND_LIST): ReadKind | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(url.trimStart())?.[1]?.toLowerCase();
  return kinds.find((k): k is ReadKind => k.sourceReader !== undefined && k.schemes.includes(scheme ?? ''));
}

/** `a`, `a or b`, `a, b or c`. */
const orList = (items: readonly string[]): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** A kind's first scheme as a URL starts: `postgres://`. */
const shownScheme = (k: KindDescription): string => `${k.schemes[0] ?? `${k.kind}:`}//`;

/** A kind's URL as the help shows it: its own form (`salesforce://<My Domain host>`), else its scheme. */
const shownUrl = (k: KindDescription): string => k.url?.form ?? shownScheme(k);

/** A kind's URL schemes as the help shows them: `mysql:// (mariadb://)`. */
const schemesOf = (k: KindDescription): string => {
  const [first, ...others] = k.schemes.map((s) => `${s}//`);
  return others.length === 0 ? `${first}` : `${first} (${others.join(', ')})`;
};

/** The kinds read through their driver's variables when no URL is given: `--source` picks one. */
export const variableKinds = (kinds: readonly KindDescription[] = KIND_LIST): readonly KindDescription[] =>
  kinds.filter((k) => k.environment !== undefined);

/** The help of a database URL argument: the databases' schemes, their socket forms and variables. */
export function databaseUrlHelp(kinds: readonly KindDescription[] = KIND_LIST): string {
  const databases = variableKinds(kinds);
  const sockets = databases.flatMap((k) => (k.socket === undefined ? [] : [k.socket.example]));
  const hosts = databases.map((k) => k.environment?.host);
  return [
    orList(databases.map(schemesOf)),
    ...(sockets.length > 0 ? [`a Unix-domain socket: ${sockets.join(', ')}`] : []),
    `default: QUERYMODE_DATABASE_URL or the driver variables (${hosts.join(', ')}, ...)`,
  ].join('; ');
}

/** The help of a source URL argument: the databases', then each other kind's URL with what reading it does. */
export function sourceUrlHelp(kinds: readonly KindDescription[] = KIND_LIST): string {
  const others = kinds.filter((k) => k.environment === undefined);
  return [
    databaseUrlHelp(kinds),
    ...others.map((k) => `or ${shownUrl(k)}${k.url === undefined ? '' : ` ${k.url.reads}`}`),
  ].join('; ');
}

/** A kind's flag as a commander option, with its help. */
export const kindOption = (kind: KindDescription, flag: KindFlag): Option =>
  new Option(
    `--${flag.name} ${flag.value}`,
    `with ${shownUrl(kind)}${flag.readBy === undefined ? '' : ` (${orList(flag.readBy)} only)`}: ${flag.help}`,
  );

/**
 * Refuses a flag of another kind than `kind`'s (the one the URL, the variables or the embedded
 * database named): `--token-file goes with salesforce://<My Domain host>, not PostgreSQL`.
 */
export function refuseOtherKindsFlags(
  values: object,
  kind: SourceKind,
  kinds: readonly KindDescription[] = KIND_LIST,
): void {
  const label = kinds.find((k) => k.kind === kind)?.label ?? kind;
  refuseKindFlags(
    values,
    label,
    kinds.filter((k) => k.kind !== kind),
  );
}

/**
 * Refuses every flag of `kinds` given where no source of theirs is read (`what`: `Salesforce
 * describe files`, which `--look-back` cannot count): `--look-back goes with salesforce://<My
 * Domain host>, not Salesforce describe files`.
 */
export function refuseKindFlags(
  values: object,
  what: string,
  kinds: readonly KindDescription[] = KIND_LIST,
): void {
  const given = values as Readonly<Record<string, unknown>>;
  for (const other of kinds)
    for (const flag of other.flags ?? [])
      if (given[kindOption(other, flag).attributeName()] !== undefined)
        throw usageError(`--${flag.name} goes with ${shownUrl(other)}, not ${what}`);
}

/**
 * Refuses a flag of `kind` that `command` does not read (its `readBy` names other commands), so
 * that no flag is taken and then ignored: `--look-back goes with querymode inspect
 * salesforce://<My Domain host>, not verify: remove it`.
 */
export function refuseFlagsNotRead(values: object, kind: KindDescription, command: string): void {
  const given = values as Readonly<Record<string, unknown>>;
  for (const flag of kind.flags ?? [])
    if (
      flag.readBy !== undefined &&
      !flag.readBy.includes(command) &&
      given[kindOption(kind, flag).attributeName()] !== undefined
    )
      throw usageError(
        `--${flag.name} goes with ${orList(flag.readBy.map((c) => `querymode ${c} ${shownUrl(kind)}`))}, not ${command}: remove it from the ${command} command`,
      );
}

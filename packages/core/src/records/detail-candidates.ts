/**
 * The candidates of a `recommend --ndjson --detail` record, each finding written once: the record
 * holds every distinct finding of its candidates in `findings`, and each candidate names its own
 * findings and the findings that would unlock it by their place in that list. A finding such as
 * "the table has deletes" is the same for all six modes; written in each candidate it made the
 * record about 30 KB.
 *
 * @module
 */

import type { Finding } from '../advisor/evaluate/findings.js';
import type { Candidate } from '../advisor/recommend/candidates.js';
import { neverThrows } from '../issues/unreadable.js';

/** A candidate of a `--detail` record: `recommend --json`'s, its findings named by index. */
export interface DetailCandidate extends Omit<Candidate, 'findings' | 'toUnlock'> {
  /** Its findings, errors first: indexes into the record's `findings`. */
  readonly findings: readonly number[];
  /** What would unlock it: indexes into the record's `findings`, whose `remedy` and `sql` say what to do. */
  readonly toUnlock: readonly number[];
}

/** The findings of a `--detail` record, each once, and its candidates pointing at them. */
export interface DetailCandidates {
  readonly findings: readonly Finding[];
  readonly candidates: readonly DetailCandidate[];
}

/** `candidates` with their findings gathered into one list, each finding once. */
export function detailCandidates(candidates: readonly Candidate[]): DetailCandidates {
  const findings: Finding[] = [];
  const keys = new Map<string, number>();
  const indexOf = (f: Finding): number => {
    // Two findings are the same when every field is: a finding is small and flat.
    const key = JSON.stringify(f);
    let at = keys.get(key);
    if (at === undefined) {
      at = findings.length;
      keys.set(key, at);
      findings.push(f);
    }
    return at;
  };
  const out = candidates.map((c): DetailCandidate => {
    const own = c.findings.map(indexOf);
    const toUnlock = c.toUnlock.map((u) =>
      own.find((i) => {
        const f = findings[i] as Finding;
        return f.rule === u.rule && f.remedy === u.action && f.sql === u.sql;
      }),
    );
    const { findings: _f, toUnlock: _u, ...rest } = c;
    return Object.assign(rest, { findings: own, toUnlock: toUnlock.filter((i) => i !== undefined) });
  });
  return { findings, candidates: out };
}

/**
 * The findings of `candidate`, of a record whose `findings` are `all`. Never throws: arguments
 * that cannot be read (a throwing getter, a revoked proxy) give none.
 */
export function findingsOfCandidate(
  all: readonly Finding[],
  candidate: Pick<DetailCandidate, 'findings'>,
): Finding[] {
  return neverThrows(findingsOf, [all, candidate], () => []);
}

function findingsOf(all: readonly Finding[], candidate: Pick<DetailCandidate, 'findings'>): Finding[] {
  return pick(all, candidate.findings);
}

/** The findings of `all` at `indexes`, in their order (an index out of the list is skipped). */
const pick = (all: readonly Finding[], indexes: readonly number[]): Finding[] =>
  indexes.flatMap((i) => (all[i] === undefined ? [] : [all[i]]));

/**
 * What would unlock `candidate` (as `recommend --json` gives it), of a record whose `findings` are
 * `all`. Never throws: arguments that cannot be read give nothing.
 */
export function unlocksOfCandidate(
  all: readonly Finding[],
  candidate: Pick<DetailCandidate, 'toUnlock'>,
): Candidate['toUnlock'] {
  return neverThrows(unlocksOf, [all, candidate], () => []);
}

function unlocksOf(
  all: readonly Finding[],
  candidate: Pick<DetailCandidate, 'toUnlock'>,
): Candidate['toUnlock'] {
  return pick(all, candidate.toUnlock).map((f) => ({
    rule: f.rule,
    action: f.remedy ?? f.message,
    ...(f.sql === undefined ? {} : { sql: f.sql }),
  }));
}

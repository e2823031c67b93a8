/**
 * The error a mock throws for invalid options: a constructor cannot return issues, so
 * `new MockApi(options)` throws this (and `startMockServer(options)` rejects with it), carrying
 * core's issues as `readMockOptions` returns them. Its message lists them: what is wrong, where
 * (`options.<key>`), and what was expected.
 *
 * @module
 */
import type { Issue } from '@querymode/core';
import { countOf } from '@querymode/core';

/** Invalid mock options; a `TypeError`, as the mock threw for them before. */
export class MockOptionsError extends TypeError {
  override readonly name = 'MockOptionsError';
  /** The issues: core's codes, paths from `options`, and messages. */
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[]) {
    const n = issues.length;
    super(
      `Invalid mock options (${countOf(n, 'issue')}):\n${issues.map((i) => `- ${i.message}`).join('\n')}`,
    );
    this.issues = issues;
  }
}

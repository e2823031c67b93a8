import { describe, expect, it } from 'vitest';
import { connectIssue } from '../src/connect/errors.js';
import { importDriver, MissingDriverError } from '../src/connect/optional-import.js';

describe('optional drivers (mssql, PGlite)', () => {
  it('turn a missing package into a message that says what to install', async () => {
    const load = () => import('qm-no-such-driver' as string);
    const error = await importDriver(
      'qm-no-such-driver',
      'reading a test catalog',
      load,
      'qm-no-such-driver@1',
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingDriverError);
    expect((error as Error).message).toBe(
      'reading a test catalog needs the npm package qm-no-such-driver, which is not installed; install it beside querymode (npm install qm-no-such-driver@1)',
    );
    expect(connectIssue(error, 'sqlserver://db.example:1433/shop', [])).toMatchObject({
      code: 'driver_missing',
    });
  });
  it('let every other error through: a driver that fails while loading is not reported as missing', async () => {
    const broken = new Error("Cannot find module 'some-inner-dependency'");
    Object.assign(broken, { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(importDriver('mssql', 'x', () => Promise.reject(broken))).rejects.toBe(broken);
  });
});

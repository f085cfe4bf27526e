import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Compares `actual` with the expectation file, or rewrites the file when UPDATE=1. A missing
 * expectation fails: every fixture must pin what it produces.
 */
export function expectFixture(expectedPath: string, actual: string): void {
  if (process.env.UPDATE === '1') {
    writeFileSync(expectedPath, actual);
    return;
  }
  assert.ok(
    existsSync(expectedPath),
    `${expectedPath} is missing; run the tests with UPDATE=1 to create it, then review it`,
  );
  assert.equal(actual, readFileSync(expectedPath, 'utf8'));
}

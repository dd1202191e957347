import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// A console.error during a test is a bug being printed and ignored (React warnings, unhandled
// failures logged by a library): it fails the test that caused it.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    const printed = calls.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during this test:\n${printed}`);
  }
});

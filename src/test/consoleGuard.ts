import { format } from 'node:util';

/**
 * A clean test run: any console output of a test (React act() warnings, failed prop types, errors
 * the app logs, stray logs) fails that test (setupTests.ts checks after each test). A test that
 * expects a log mocks console itself (`jest.spyOn(console, 'error').mockImplementation(...)`).
 *
 * The allow-list holds only third-party noise that cannot be fixed here, each with its reason.
 */
export const ALLOWED_CONSOLE_OUTPUT: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^(Serializable|Immutable)StateInvariantMiddleware took \d+ms, which is more than the warning threshold/,
    reason:
      "Redux Toolkit's development-only timing hints: they measure wall time, which on a loaded shared test machine " +
      'exceeds 32 ms now and then. The checks themselves still run: a non-serializable value or a mutation still fails the test.',
  },
];

const LEVELS = ['error', 'warn', 'log', 'info', 'debug'] as const;
let output: string[] = [];

/** Routes console output into the guard (plain functions: a test's jest.restoreAllMocks() keeps them). */
export function installConsoleGuard() {
  for (const level of LEVELS) {
    console[level] = (...args: unknown[]) => {
      const message = format(...args);
      if (ALLOWED_CONSOLE_OUTPUT.some(({ pattern }) => pattern.test(message))) return;
      output.push(`console.${level}: ${message}`);
    };
  }
}

/** What the current test wrote (and forget it). */
export function takeConsoleOutput(): string[] {
  const taken = output;
  output = [];
  return taken;
}

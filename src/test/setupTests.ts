import '@testing-library/jest-dom';
import { endBackendTest, startBackendTest } from './fakeBackend';
import { installConsoleGuard, takeConsoleOutput } from './consoleGuard';

installConsoleGuard();

// Page tests render all of Polaris and click through it; a loaded 2-core machine needs more than 5 s.
jest.setTimeout(30_000);

beforeEach(() => startBackendTest());

afterEach(() => {
  endBackendTest();
  const output = takeConsoleOutput();
  if (output.length > 0) {
    throw new Error(
      `The test wrote to the console (fix the cause; see src/test/consoleGuard.ts):\n\n${output.join('\n\n')}`,
    );
  }
});

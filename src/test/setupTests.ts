import '@testing-library/jest-dom';
import { endBackendTest, startBackendTest } from './fakeBackend';
import { installConsoleGuard, takeConsoleOutput } from './consoleGuard';

installConsoleGuard();

beforeEach(() => startBackendTest());

afterEach(() => {
  endBackendTest();
  const output = takeConsoleOutput();
  if (output.length > 0) {
    throw new Error(`The test wrote to the console (fix the cause; see src/test/consoleGuard.ts):\n\n${output.join('\n\n')}`);
  }
});

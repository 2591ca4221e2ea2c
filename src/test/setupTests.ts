import '@testing-library/jest-dom';
import { restoreBackend } from './fakeBackend';
import { installConsoleGuard, takeConsoleOutput } from './consoleGuard';

installConsoleGuard();

afterEach(() => {
  restoreBackend();
  const output = takeConsoleOutput();
  if (output.length > 0) {
    throw new Error(`The test wrote to the console (fix the cause; see src/test/consoleGuard.ts):\n\n${output.join('\n\n')}`);
  }
});

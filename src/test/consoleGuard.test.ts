import { takeConsoleOutput } from './consoleGuard';

describe('console guard (setupTests fails a test that writes to the console)', () => {
  it('collects errors, warnings and logs of the test', () => {
    console.error('Warning: An update to %s inside a test was not wrapped in act(...).', 'LooksTable');
    console.warn('careful');
    console.log({ a: 1 });
    expect(takeConsoleOutput()).toEqual([
      'console.error: Warning: An update to LooksTable inside a test was not wrapped in act(...).',
      'console.warn: careful',
      'console.log: { a: 1 }',
    ]);
  });

  it('lets only the allow-listed third-party noise through', () => {
    console.warn('SerializableStateInvariantMiddleware took 67ms, which is more than the warning threshold of 32ms.');
    console.error('A non-serializable value was detected in the state, in the path: `api.x`.');
    expect(takeConsoleOutput()).toEqual([
      'console.error: A non-serializable value was detected in the state, in the path: `api.x`.',
    ]);
  });

  it('survives jest.restoreAllMocks()', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.restoreAllMocks();
    console.error('still seen');
    expect(takeConsoleOutput()).toEqual(['console.error: still seen']);
  });
});

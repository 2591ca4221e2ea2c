// Server suites boot whole apps on cloned databases (seconds on a busy 2-core machine): a roomier timeout.
jest.setTimeout(30_000);

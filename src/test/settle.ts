import { act } from '@testing-library/react';

/**
 * Lets time pass inside act(): for "nothing more happens" checks (no call made, nothing shown) in
 * rendered tests, so the updates that do happen meanwhile (queries settling, Polaris measuring) are
 * applied as React expects instead of warning about act().
 */
export const settle = (ms = 50) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

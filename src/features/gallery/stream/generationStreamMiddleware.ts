import type { Middleware } from '@reduxjs/toolkit';

/** Owns the SSE connection of a generation (issue 7). */
export const generationStreamMiddleware: Middleware = () => (next) => (action) => next(action);

import type { Middleware, ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ThunkExtra } from '../../../api/baseQuery';
import { createGenerationStreamMiddleware } from './generationStreamMiddleware';
import { startGenerationStream } from './generationStreamSlice';

/** Each store's stream middleware, by the store's `addMiddleware`: added once, with the first stream. */
const added = new WeakMap<ThunkExtra['addMiddleware'], Middleware>();

/**
 * Opens the live stream of a generation (`generationStream/start`): the SSE middleware that owns it
 * (generationStreamMiddleware.ts) joins the store's middleware here, so only the page that streams
 * loads it (Redux Toolkit's dynamic middleware; the actions and Redux DevTools see the same thing).
 */
export const openGenerationStream =
  (generationId: string): ThunkAction<void, unknown, ThunkExtra, UnknownAction> =>
  (dispatch, _getState, { addMiddleware, host }) => {
    if (!added.has(addMiddleware)) {
      const middleware = createGenerationStreamMiddleware(host);
      added.set(addMiddleware, middleware);
      addMiddleware(middleware);
    }
    dispatch(startGenerationStream({ generationId }));
  };

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GenerationStatus } from '../../../contracts/generationStream';

export type StreamConnection = 'disconnected' | 'connecting' | 'connected' | 'error';

/**
 * Serializable state of the live generation stream; the connection itself
 * (a fetch-based SSE client) lives in generationStreamMiddleware.
 */
export interface GenerationStreamState {
  generationId: string | null;
  connection: StreamConnection;
  lastStatus: GenerationStatus | null;
  /** Message of an `error` or `timeout` event (or of a connection given up). */
  errorMessage: string | null;
  /** How the stream ended: complete, error (generation failed), timeout, or lost (reconnects exhausted). */
  outcome: 'complete' | 'error' | 'timeout' | 'lost' | null;
  /** Reconnect attempts since the last successful open. */
  reconnectAttempt: number;
  lastEventId: string | null;
}

const initialState: GenerationStreamState = {
  generationId: null,
  connection: 'disconnected',
  lastStatus: null,
  errorMessage: null,
  outcome: null,
  reconnectAttempt: 0,
  lastEventId: null,
};

type WithId = { generationId: string };

export const generationStreamSlice = createSlice({
  name: 'generationStream',
  initialState,
  reducers: {
    /** Opens the stream of a generation (the middleware connects). */
    start: (_state, action: PayloadAction<WithId>) => ({
      ...initialState,
      generationId: action.payload.generationId,
      connection: 'connecting',
    }),
    /** Closes it (leaving the page). */
    stop: () => initialState,
    connected: (state, action: PayloadAction<WithId>) => {
      if (state.generationId !== action.payload.generationId) return;
      state.connection = 'connected';
      state.reconnectAttempt = 0;
    },
    status: (state, action: PayloadAction<WithId & { status: GenerationStatus; eventId?: string | null }>) => {
      if (state.generationId !== action.payload.generationId) return;
      state.lastStatus = action.payload.status;
      if (action.payload.eventId) state.lastEventId = action.payload.eventId;
    },
    complete: (state, action: PayloadAction<WithId & { eventId?: string | null }>) => {
      if (state.generationId !== action.payload.generationId) return;
      state.lastStatus = 'COMPLETED';
      state.connection = 'disconnected';
      state.outcome = 'complete';
      if (action.payload.eventId) state.lastEventId = action.payload.eventId;
    },
    failed: (state, action: PayloadAction<WithId & { message: string; status?: GenerationStatus }>) => {
      if (state.generationId !== action.payload.generationId) return;
      state.lastStatus = action.payload.status ?? state.lastStatus;
      state.errorMessage = action.payload.message;
      state.connection = 'disconnected';
      state.outcome = 'error';
    },
    timedOut: (state, action: PayloadAction<WithId & { message: string }>) => {
      if (state.generationId !== action.payload.generationId) return;
      state.errorMessage = action.payload.message;
      state.connection = 'disconnected';
      state.outcome = 'timeout';
    },
    closed: (state, action: PayloadAction<WithId>) => {
      if (state.generationId !== action.payload.generationId) return;
      state.connection = 'disconnected';
    },
    /** The connection dropped; the middleware retries after a backoff. */
    reconnecting: (state, action: PayloadAction<WithId & { attempt: number }>) => {
      if (state.generationId !== action.payload.generationId) return;
      state.connection = 'connecting';
      state.reconnectAttempt = action.payload.attempt;
    },
    /** Retries exhausted or the server refused the stream. */
    connectionFailed: (state, action: PayloadAction<WithId & { message: string }>) => {
      if (state.generationId !== action.payload.generationId) return;
      state.connection = 'error';
      state.errorMessage = action.payload.message;
      state.outcome = 'lost';
    },
  },
  selectors: {
    selectGenerationStream: (state) => state,
  },
});

export const streamActions = generationStreamSlice.actions;
export const { start: startGenerationStream, stop: stopGenerationStream } = generationStreamSlice.actions;
export const { selectGenerationStream } = generationStreamSlice.selectors;

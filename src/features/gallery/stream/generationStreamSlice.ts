import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type StreamConnection = 'disconnected' | 'connecting' | 'connected' | 'error';

/** Serializable state of the live generation stream; the connection itself lives in the middleware (issue 7). */
export interface GenerationStreamState {
  generationId: string | null;
  connection: StreamConnection;
  lastStatus: string | null;
  errorMessage: string | null;
}

const initialState: GenerationStreamState = {
  generationId: null,
  connection: 'disconnected',
  lastStatus: null,
  errorMessage: null,
};

export const generationStreamSlice = createSlice({
  name: 'generationStream',
  initialState,
  reducers: {
    start: (state, action: PayloadAction<{ generationId: string }>) => {
      state.generationId = action.payload.generationId;
      state.connection = 'connecting';
      state.errorMessage = null;
    },
    stop: () => initialState,
  },
  selectors: {
    selectGenerationStream: (state) => state,
  },
});

export const { start: startGenerationStream, stop: stopGenerationStream } = generationStreamSlice.actions;
export const { selectGenerationStream } = generationStreamSlice.selectors;

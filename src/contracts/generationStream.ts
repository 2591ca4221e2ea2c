/**
 * Generation statuses and the live stream's events (SPEC §4, §7). Free of yup:
 * the generation-stream slice and middleware are part of the first load.
 */
export const GENERATION_STATUSES = ['PENDING', 'IN_QUEUE', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** Stream (SSE) event names of GET /image-generation/{id}/stream. */
export const STREAM_EVENTS = ['connected', 'status', 'complete', 'error', 'timeout', 'close'] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];

/** JSON payload of every stream event. */
export interface StreamEventPayload {
  generationId: number;
  status?: GenerationStatus;
  generatedImageUrl?: string | null;
  message?: string;
}

/** Gallery of generated images (SPEC §3 image generation, §4 states, §9 constants); the request schemas (§5) are in ./gallery.schema. */

export const IMAGE_TYPES = ['flat_lay', 'model'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

// Statuses and stream events live in a yup-free module: the stream slice and
// middleware are in the first-load bundle.
export { GENERATION_STATUSES, STREAM_EVENTS } from './generationStream';
export type { GenerationStatus, StreamEventName, StreamEventPayload } from './generationStream';
import type { GenerationStatus } from './generationStream';
import type { GeneratedItemPosition } from './hotspots';
export type { GeneratedItemPosition, ItemBox } from './hotspots';

/** Statuses in which a job is running (settings locked, spinner shown). */
export const ACTIVE_STATUSES: readonly GenerationStatus[] = ['IN_QUEUE', 'IN_PROGRESS'];
export const TERMINAL_STATUSES: readonly GenerationStatus[] = ['COMPLETED', 'FAILED'];

/** GET /image-generation/{id}, list items. */
export interface ImageGeneration {
  id: number;
  productLook: { id: number | null; title: string };
  imageType: ImageType;
  customPrompt: string | null;
  status: GenerationStatus;
  generatedImageUrl: string | null;
  errorMessage: string | null;
  createdAt: string;
  completedAt: string | null;
  title: string;
  /**
   * Where the finished image shows the look's products (main product and related items it drew),
   * percent of the image; absent while the image is not made or when the generator reported none.
   */
  itemPositions?: GeneratedItemPosition[];
}

export interface ImageGenerationCounts {
  all: number;
  flat_lay: number;
  model: number;
}

/** GET /image-generations?imageType&page&limit */
export interface ImageGenerationsPage {
  data: ImageGeneration[];
  counts: ImageGenerationCounts;
  paginationDetails: { nextPage: number | null; previousPage: number | null; totalItems: number };
}

export interface CreateGenerationResponse {
  imageGenerationId: number;
}

/** SPEC §9 gallery constants. */
export const GALLERY_SEARCH_LIMIT = 50;
export const GALLERY_SEARCH_MIN_CHARS = 2;
export const GALLERY_SEARCH_DEBOUNCE_MS = 150;
export const GALLERY_DROPDOWN_MAX_HEIGHT = 200;
export const GALLERY_PAGE_SIZE = 20;
export const CUSTOM_PROMPT_MAX = 500;

/** Download file name: `<look title>-<type>-<id>.jpg` (SPEC §9), safe for file systems. */
export function downloadFileName(g: Pick<ImageGeneration, 'id' | 'imageType' | 'productLook' | 'title'>): string {
  const title = (g.productLook?.title || g.title || 'look')
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `${title || 'look'}-${g.imageType}-${g.id}.jpg`;
}

/** Client form values of the generation form. */
export interface GenerationFormValues {
  productLookId: number | null;
  imageType: ImageType;
  customPrompt: string;
}

/** Body sent for the form: an empty prompt is absent (SPEC §5). */
export function generationBody(values: Pick<GenerationFormValues, 'imageType' | 'customPrompt'>): {
  imageType: ImageType;
  customPrompt?: string;
} {
  const prompt = values.customPrompt?.trim();
  return prompt ? { imageType: values.imageType, customPrompt: prompt } : { imageType: values.imageType };
}

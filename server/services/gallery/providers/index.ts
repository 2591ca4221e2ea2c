import type { ImageProviderConfig } from '../../../config';
import { createLocalGenerator, type ImageGenerator } from '../generator';
import type { HotspotDetector } from './detection';
import { createGeminiProvider } from './gemini';
import { createOpenAIProvider, type ProviderContext } from './openai';

/** The configured image provider: the generator the job calls, and the hotspot finder (none for the local composer). */
export interface ImageProvider {
  name: ImageProviderConfig['name'];
  generator: ImageGenerator;
  detector: HotspotDetector | null;
}

/**
 * IMAGE_PROVIDER picks who makes the images: `local` (default) composes the look's photos with
 * sharp and knows where it put each product; `openai` and `gemini` call the provider's image API and
 * then its vision model for the products' positions.
 */
export function createImageProvider(
  config: ImageProviderConfig,
  ctx: ProviderContext & { allowFailMarker: boolean },
): ImageProvider {
  if (config.name === 'openai') {
    const p = createOpenAIProvider(
      { ...config.openai, apiKey: config.openai.apiKey!, timeoutMs: config.timeoutMs, maxRetries: config.retries },
      ctx,
    );
    return { name: 'openai', ...p };
  }
  if (config.name === 'gemini') {
    const p = createGeminiProvider(
      {
        ...config.gemini,
        apiKey: config.gemini.apiKey!,
        timeoutMs: config.timeoutMs,
        attempts: config.retries + 1,
        initialDelay: config.retryDelayMs / 1000,
      },
      ctx,
    );
    return { name: 'gemini', ...p };
  }
  return {
    name: 'local',
    generator: createLocalGenerator({ files: ctx.files, allowFailMarker: ctx.allowFailMarker }),
    detector: null,
  };
}

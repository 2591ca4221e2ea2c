import {
  APP_BLOCK_HANDLE,
  APP_EMBED_HANDLE,
  appBlockDeepLink,
  embedDeepLink,
  type ThemeExtensionCheck,
} from '../../src/contracts/extensionCheck';
import type { AdminApi } from './adminApi';
import type { ShopRef } from './context';

/**
 * Is the storefront widget on in the shop's published theme (`read_themes`)? The app embed is on
 * when config/settings_data.json has a `current.blocks` entry whose type names
 * `/blocks/looks-embed/` and that is not disabled; the app block is placed when
 * templates/product.json has a block of type `/blocks/shoppable-look/` (not disabled) in a section.
 */
export const PUBLISHED_THEME_QUERY = `query PublishedThemeExtension {
  themes(first: 1, roles: [MAIN]) {
    nodes {
      id
      name
      files(filenames: ["config/settings_data.json", "templates/product.json"]) {
        nodes { filename body { ... on OnlineStoreThemeFileBodyText { content } } }
      }
    }
  }
}`;

interface ThemeFileNode {
  filename: string;
  body: { content?: string } | null;
}

export interface PublishedThemeAnswer {
  themes: { nodes: Array<{ id: string; name: string; files: { nodes: ThemeFileNode[] } | null }> };
}

/** The theme's JSON files begin with a generated comment; strip leading block and line comments, then parse. */
export function parseThemeJson(content: string | undefined | null): unknown {
  if (!content) return null;
  let text = content.replace(/^\uFEFF/, '');
  for (;;) {
    const trimmed = text.trimStart();
    if (trimmed.startsWith('/*')) {
      const end = trimmed.indexOf('*/');
      if (end < 0) return null;
      text = trimmed.slice(end + 2);
    } else if (trimmed.startsWith('//')) {
      const end = trimmed.indexOf('\n');
      text = end < 0 ? '' : trimmed.slice(end + 1);
    } else {
      text = trimmed;
      break;
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type BlockLike = { type?: unknown; disabled?: unknown };
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const enabledBlockOf = (handle: string) => (block: unknown) =>
  isRecord(block) &&
  typeof (block as BlockLike).type === 'string' &&
  ((block as BlockLike).type as string).includes(`/blocks/${handle}/`) &&
  (block as BlockLike).disabled !== true;

/** settings_data.json: an enabled `current.blocks` entry of the embed (`current` may name a preset). */
export function embedEnabledIn(settingsData: unknown): boolean {
  if (!isRecord(settingsData)) return false;
  let current = settingsData.current;
  if (typeof current === 'string' && isRecord(settingsData.presets)) current = settingsData.presets[current];
  if (!isRecord(current) || !isRecord(current.blocks)) return false;
  return Object.values(current.blocks).some(enabledBlockOf(APP_EMBED_HANDLE));
}

/** templates/product.json: a section (not disabled) holding an enabled block of the app block. */
export function appBlockPlacedIn(template: unknown): boolean {
  if (!isRecord(template) || !isRecord(template.sections)) return false;
  return Object.values(template.sections).some(
    (section) =>
      isRecord(section) &&
      section.disabled !== true &&
      isRecord(section.blocks) &&
      Object.values(section.blocks).some(enabledBlockOf(APP_BLOCK_HANDLE)),
  );
}

/** Reads the published theme and tells what is switched on. Throws the Admin API's error. */
export async function checkThemeExtension(
  admin: AdminApi,
  shop: ShopRef,
  clientId: string,
): Promise<ThemeExtensionCheck> {
  const data = await admin.graphql<PublishedThemeAnswer>(shop, PUBLISHED_THEME_QUERY);
  const theme = data?.themes?.nodes?.[0];
  const files = new Map((theme?.files?.nodes ?? []).map((f) => [f.filename, f.body?.content]));
  return {
    mode: 'theme',
    themeName: theme?.name ?? null,
    embedEnabled: embedEnabledIn(parseThemeJson(files.get('config/settings_data.json'))),
    appBlockPlaced: appBlockPlacedIn(parseThemeJson(files.get('templates/product.json'))),
    embedDeepLink: embedDeepLink(shop.domain, clientId),
    appBlockDeepLink: appBlockDeepLink(shop.domain, clientId),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { Liquid, Tag, type Liquid as LiquidEngine, type TagToken, type TopLevelToken, type Template } from 'liquidjs';
import type { LayoutSettings } from '../../../../src/contracts/layout';
import { registerShopifyFilters } from './filters';

/** The theme app extension the storefront runs (Shopify renders the same files on a store). */
export const EXTENSION_ROOT = path.resolve(__dirname, '..', '..', '..', '..', 'extensions', 'looks-theme');
/** Where the app serves the extension's assets (asset_url). */
export const ASSET_PREFIX = '/storefront/assets/';

export const BLOCKS = ['shoppable-look', 'looks-gallery', 'looks-embed'] as const;
export type BlockName = (typeof BLOCKS)[number];

/**
 * Which block shows a product's looks with the app's settings: the app embed for the popup and for the
 * selector / after-add-to-cart placements (the script moves them), the product block otherwise.
 */
export const productLooksBlock = (layout: Pick<LayoutSettings, 'definedTemplate' | 'placementMethod'>): BlockName =>
  layout.definedTemplate === '' || layout.placementMethod !== 'section' ? 'looks-embed' : 'shoppable-look';

/**
 * Theme-only tags with a body the block renders nothing for: `schema` (read separately, see
 * blockSchema), and the `javascript` / `stylesheet` tags of theme blocks.
 */
function bodyTag(name: string) {
  return class extends Tag {
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: LiquidEngine) {
      super(token, remainTokens, liquid);
      while (remainTokens.length) {
        const next = remainTokens.shift() as TopLevelToken & { name?: string };
        if (next.name === `end${name}`) return;
      }
      throw new Error(`tag ${token.getText()} not closed`);
    }
    *render(): Generator<unknown, void, unknown> {}
  };
}

/** The blocks and snippets, read once: `name` → source (blocks and snippets share no names). */
function extensionTemplates(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dir of ['blocks', 'snippets']) {
    for (const file of fs.readdirSync(path.join(root, dir))) {
      if (file.endsWith('.liquid')) out[file] = fs.readFileSync(path.join(root, dir, file), 'utf8');
    }
  }
  return out;
}

function createEngine(root: string): Liquid {
  const engine = new Liquid({
    // In memory: no file look-up per `render` of a snippet.
    templates: extensionTemplates(root),
    extname: '.liquid',
    cache: true,
    // Shopify semantics: '' and 0 are truthy; only own properties of the data are reachable.
    jsTruthy: false,
    ownPropertyOnly: true,
    strictFilters: true,
  });
  for (const name of ['schema', 'javascript', 'stylesheet']) engine.registerTag(name, bodyTag(name));
  registerShopifyFilters(engine, root, ASSET_PREFIX);
  return engine;
}

export interface BlockSchema {
  name: string;
  target: string;
  javascript?: string;
  stylesheet?: string;
  settings?: Array<{ id?: string; type: string; default?: unknown }>;
}

/** The objects a block reads (Shopify's globals): app, product, shop, request, template, all_products, cart. */
export type StorefrontGlobals = Record<string, unknown>;

export class StorefrontLiquid {
  private readonly engine: Liquid;
  private readonly templates = new Map<BlockName, Template[]>();
  private readonly schemas = new Map<BlockName, BlockSchema>();

  constructor(readonly root: string = EXTENSION_ROOT) {
    this.engine = createEngine(root);
  }

  /** The block's `{% schema %}` JSON. */
  schema(block: BlockName): BlockSchema {
    let schema = this.schemas.get(block);
    if (!schema) {
      const source = fs.readFileSync(path.join(this.root, 'blocks', `${block}.liquid`), 'utf8');
      const json = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/.exec(source)?.[1];
      if (!json) throw new Error(`blocks/${block}.liquid has no schema`);
      schema = JSON.parse(json) as BlockSchema;
      this.schemas.set(block, schema);
    }
    return schema;
  }

  /** `block.settings` as the theme editor starts them: every setting's schema default, then `overrides`. */
  settings(block: BlockName, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const defaults: Record<string, unknown> = {};
    for (const s of this.schema(block).settings ?? []) if (s.id) defaults[s.id] = s.default ?? null;
    return { ...defaults, ...overrides };
  }

  private template(block: BlockName): Template[] {
    let parsed = this.templates.get(block);
    if (!parsed) {
      parsed = this.engine.parseFileSync(block);
      this.templates.set(block, parsed);
    }
    return parsed;
  }

  /** One block rendered as Shopify would, with these globals and block settings (schema defaults first). */
  async render(
    block: BlockName,
    globals: StorefrontGlobals,
    settings: Record<string, unknown> = {},
    blockId = `sl-${block}`,
  ): Promise<string> {
    const scope = {
      block: { id: blockId, type: block, settings: this.settings(block, settings), shopify_attributes: '' },
    };
    // Synchronous: every filter and tag here is, and it saves the promise per node (several times faster).
    const html = this.engine.renderSync(this.template(block), scope, { globals });
    return String(html).trim();
  }
}

let shared: StorefrontLiquid | null = null;
/** The process-wide engine (compiled blocks and snippets are cached in it). */
export function storefrontLiquid(): StorefrontLiquid {
  shared ??= new StorefrontLiquid();
  return shared;
}

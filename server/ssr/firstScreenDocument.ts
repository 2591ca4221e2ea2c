import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { injectFetch } from './injectFetch';
import { paintFirst } from './paintFirst';

/** The server bundle inside the SPA's build folder (webpack.config.ts, SSR_BUNDLE). */
export const SSR_BUNDLE = path.join('ssr', 'renderFirstScreen.cjs');

/** How long a first screen's API calls may take before the page is sent without it (the browser renders then). */
const FIRST_SCREEN_WAIT_MS = 1000;

interface FirstScreen {
  html: string;
  data: { locale: string; narrow?: boolean };
}

/**
 * Polaris measures the scrollbars' width on mount and sets it on <html>,
 * which makes the browser style every element again: a phone's scrollbars
 * take no room, so its page has the value already (index.html has Polaris'
 * other root properties).
 */
const PHONE_ROOT_STYLE = '--pc-app-provider-scrollbar-width: 0px; ';

interface RendererModule {
  renderFirstScreen(input: {
    url: string;
    token: string;
    fetchFn: typeof fetch;
    waitMs: number;
    headers: Record<string, string | string[] | undefined>;
    embedded?: boolean;
  }): Promise<FirstScreen | undefined>;
  /** JSON for inside a <script> element (src/ssr/firstScreen.ts). */
  scriptJson(value: unknown): string;
  FIRST_SCREEN_ELEMENT_ID: string;
}

/** `headers`: the request's (a phone gets the phone layouts on the first screen). */
export type FirstScreenDocument = (
  documentUrl: string,
  log: FastifyBaseLogger,
  headers?: Record<string, string | string[] | undefined>,
) => Promise<string | undefined>;

/**
 * index.html with the page's first screen rendered on the server (src/ssr):
 * the markup inside #root and the calls' answers beside it, so the page
 * paints before any script has run and the browser hydrates it. Undefined
 * when there is nothing to render with (no server bundle, SSR=0) — then the
 * plain index.html is served, as before.
 *
 * The render's calls carry a session token, and the API's own authentication
 * decides what they may see: standalone, the demo store's (the standalone
 * host's); inside Shopify admin (APP_MODE=shopify), the `id_token` the admin
 * opened the app with — rendered as under App Bridge. A document without one
 * (a reload of a URL the app navigated to) is left to the browser.
 */
export function firstScreenDocument(
  app: FastifyInstance,
  config: Config,
  template: string,
): FirstScreenDocument | undefined {
  const bundle = path.join(config.distDir, SSR_BUNDLE);
  if (config.serverRender === false || !fs.existsSync(bundle)) return undefined;
  const embedded = config.appMode === 'shopify';
  let renderer: RendererModule | undefined;
  const rendered = paintFirst(template);
  return async (documentUrl, log, headers = {}) => {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      renderer ??= require(bundle) as RendererModule;
      const origin = new URL(documentUrl).origin;
      const token = embedded ? launchToken(documentUrl) : await standaloneToken(app, documentUrl);
      if (!token) return undefined;
      const page = await renderer.renderFirstScreen({
        url: documentUrl,
        token,
        fetchFn: injectFetch(app, origin),
        waitMs: FIRST_SCREEN_WAIT_MS,
        headers,
        embedded,
      });
      if (!page) return undefined;
      const data = `<script type="application/json" id="${renderer.FIRST_SCREEN_ELEMENT_ID}">${renderer.scriptJson(page.data)}</script>`;
      return rendered
        .replace(
          /(<html\b[^>]*?) lang="?en"?/,
          (_, start: string) => `${start} lang="${page.data.locale.replace(/[^a-z-]/gi, '')}"`,
        )
        .replace(/<html\b[^>]*>/, (tag) => (page.data.narrow ? withRootStyle(tag, PHONE_ROOT_STYLE) : tag))
        .replace(/<div id="?root"?><\/div>/, () => `<div id="root">${page.html}</div>${data}`);
    } catch (error) {
      // The browser renders the page then: never an error page for what the server could not pre-render.
      log.error({ err: error, url: documentUrl }, 'first screen render failed');
      return undefined;
    }
  };
}

/** The <html> start tag with `style` declarations put first in its style attribute (quoted or not: the built index.html is minified). */
export function withRootStyle(tag: string, style: string): string {
  const attribute = / style=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/;
  const match = attribute.exec(tag);
  if (!match) return tag.replace(/\s*>$/, ` style="${style.trim()}">`);
  const existing = match[1] ?? match[2] ?? match[3] ?? '';
  return tag.replace(attribute, () => ` style="${style}${existing.replace(/"/g, '&quot;')}"`);
}

/** The demo store's session token, as the standalone host gets it. */
async function standaloneToken(app: FastifyInstance, documentUrl: string): Promise<string | undefined> {
  const session = await app.inject({
    method: 'GET',
    url: '/api/dev/session-token',
    headers: { host: new URL(documentUrl).host },
  });
  return session.statusCode === 200 ? session.json<{ token: string }>().token : undefined;
}

/** The session token Shopify admin puts on the URL it opens the app with (checked by the API, as any token). */
function launchToken(documentUrl: string): string | undefined {
  const tokens = new URL(documentUrl).searchParams.getAll('id_token');
  return tokens.length === 1 && tokens[0] ? tokens[0] : undefined;
}

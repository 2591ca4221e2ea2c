/**
 * INP of the admin's main interactions, measured in Chromium under 4× CPU
 * slowdown (the CPU of Lighthouse's mobile preset): each interaction on a
 * freshly loaded page, its input's Event Timing entries (PerformanceObserver
 * `event`, the data INP is made of) read back; the interaction's INP is the
 * longest of them (input delay + processing + the next paint).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROME_PATH } from './lighthouse';
import type { InteractionSamples } from './table';

interface Interaction {
  name: string;
  route: string;
  /** Brings the page to the moment before the interaction (not measured). */
  prepare?: (page: Page) => Promise<void>;
  /** The interaction (measured), then waits for what it shows. */
  act: (page: Page) => Promise<void>;
}

const dateRangeButton = (page: Page) => page.getByRole('button', { name: /^Date range:/ });

/** The main interactions of issue 26 (the demo store's data; standalone, English). */
export const INTERACTIONS: Interaction[] = [
  {
    name: 'open a look',
    route: '/looks',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await page.getByRole('button', { name: 'Add products' }).waitFor();
    },
  },
  {
    name: 'toggle a look active',
    route: '/looks',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^(Activate |Set to draft: )/ })
        .first()
        .click();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'save the layout',
    route: '/layout',
    prepare: async (page) => {
      await page.getByLabel('Add to cart text').fill(`Grab it ${Date.now() % 1000}`);
    },
    act: async (page) => {
      await page.getByRole('button', { name: 'Save' }).first().click();
      await page.getByText('Changes saved').first().waitFor();
    },
  },
  {
    name: 'change the date range',
    route: '/analytics',
    prepare: async (page) => {
      await dateRangeButton(page).click();
      await page.getByTestId('date-range-popover').getByRole('button', { name: 'Last 30 days' }).click();
    },
    act: async (page) => {
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.waitForLoadState('networkidle');
    },
  },
];

/** Collects the page's Event Timing entries from its start (the observer is there before the app's scripts). */
const OBSERVER = `(() => {
  window.__slEvents = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__slEvents.push(e.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

/** One run of each interaction: INP in ms (0: none of its events took 16 ms). */
async function measure(browser: Browser, origin: string, interaction: Interaction): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVER });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(origin + interaction.route, { waitUntil: 'networkidle' });
    await page.locator('#AppFrameMain h1').first().waitFor();
    await page.waitForTimeout(500);
    await interaction.prepare?.(page);
    await page.waitForTimeout(300);
    await page.evaluate(() => void ((window as unknown as { __slEvents: number[] }).__slEvents = []));
    await interaction.act(page);
    await page.waitForTimeout(300);
    const durations = await page.evaluate(() => (window as unknown as { __slEvents: number[] }).__slEvents);
    return Math.max(0, ...durations);
  } finally {
    await context.close();
  }
}

/** `runs` runs of every interaction against the app at `origin`. */
export async function measureInteractions(
  origin: string,
  runs: number,
  log: (line: string) => void,
): Promise<InteractionSamples[]> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    const results: InteractionSamples[] = INTERACTIONS.map(({ name, route }) => ({ name, route, inpMs: [] }));
    for (let run = 1; run <= runs; run++) {
      for (const [i, interaction] of INTERACTIONS.entries()) {
        const inp = await measure(browser, origin, interaction);
        results[i].inpMs.push(inp);
        log(`  ${interaction.name.padEnd(22)} run ${run}: INP ${Math.round(inp)} ms`);
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

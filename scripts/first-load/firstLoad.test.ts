import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { firstLoad, LIST_ROUTES, packageModules, type BuildStats } from './firstLoad';
import { FIRST_SCREEN_PARTS } from '../../src/app/firstScreenParts';

// The list pages validate nothing: yup (and the schemas built with it) must stay out of what their
// first visit loads. Builds the admin (webpack's client build, not minified: the same modules in
// the same chunks) and reads its stats.
const root = path.resolve(__dirname, '../..');
const YUP = ['yup', 'property-expr', 'tiny-case', 'toposort'];

jest.setTimeout(120_000);

describe('first load of the list pages', () => {
  let stats: BuildStats;
  beforeAll(() => {
    const dist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-')), 'dist');
    const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/first-load/index.ts'], {
      cwd: root,
      env: { ...process.env, FIRST_LOAD_FAST: '1', FIRST_LOAD_DIST: dist, NODE_OPTIONS: '' },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`the build failed:\n${run.stderr}`);
    stats = JSON.parse(fs.readFileSync(`${dist}.stats.json`, 'utf8'));
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });

  it.each(Object.entries(LIST_ROUTES))('%s (%s) loads no yup', (_route, group) => {
    const { modules } = firstLoad(stats, group);
    expect(modules.some((m) => m.includes('src/features/'))).toBe(true);
    expect(YUP.flatMap((pkg) => packageModules(modules, pkg))).toEqual([]);
  });

  it('a new look loads no drag-and-drop library (no related products to reorder yet); the list chunk has it', () => {
    expect(packageModules(firstLoad(stats, 'look-new').modules, '@hello-pangea/dnd')).toEqual([]);
    expect(packageModules(firstLoad(stats, 'related-items-list').modules, '@hello-pangea/dnd').length).toBeGreaterThan(
      0,
    );
  });

  it("what is below the first screen is not in the route's first load (with its preloaded parts): a chunk of its own", () => {
    const firstScreen = (route: string) => firstLoad(stats, [route, ...(FIRST_SCREEN_PARTS[route] ?? [])]).modules;
    const polaris = (modules: string[], component: string) =>
      modules.filter((m) => m.includes(`@shopify/polaris/build/esm/components/${component}/`));
    // A new look: the markers' editor and sliders (RangeSlider), and the colour picker.
    const lookNew = firstScreen('look-new');
    expect(polaris(lookNew, 'RangeSlider')).toEqual([]);
    expect(polaris(lookNew, 'ColorPicker')).toEqual([]);
    expect(lookNew).not.toContain('./src/features/looks/form/HotspotEditor.tsx');
    // Its discount's fields, tiers and summary, once it offers one.
    expect(lookNew).not.toContain('./src/features/looks/form/DiscountTiers.tsx');
    expect(firstLoad(stats, 'discount-details').modules).toContain('./src/features/looks/form/DiscountTiers.tsx');
    expect(polaris(firstLoad(stats, 'marker-placement').modules, 'RangeSlider').length).toBeGreaterThan(0);
    expect(polaris(firstLoad(stats, 'color-picker').modules, 'ColorPicker').length).toBeGreaterThan(0);
    // An edit page shows its markers on its first screen: preloaded with it.
    expect(firstScreen('look-edit')).toContain('./src/features/looks/form/HotspotEditor.tsx');
    expect(firstScreen('look-edit')).toContain('./src/features/looks/form/DiscountTiers.tsx');
  });

  it('the dashboard and analytics load no calendar (the date range pane is a chunk of its own, with it)', () => {
    const calendar = (group: string) =>
      firstLoad(stats, group).modules.filter((m) => m.includes('/components/DatePicker/DatePicker.js'));
    expect(calendar('dashboard')).toEqual([]);
    expect(calendar('analytics')).toEqual([]);
    expect(calendar('date-range-pane')).toHaveLength(1);
    expect(firstLoad(stats, 'dashboard').modules).not.toContain('./src/components/DateRangePicker/DateRangePicker.tsx');
  });

  it('inside Shopify admin a first load has no standalone shell (navigation, top bar, standalone toasts): a chunk only standalone loads', () => {
    const SHELL = [
      './src/app/StandaloneFrame.tsx',
      './src/app/AppTopBar.tsx',
      './src/host/standaloneHost/StandaloneHostUI.tsx',
    ];
    const navigation = (modules: string[]) =>
      modules.filter((m) => m.includes('@shopify/polaris/build/esm/components/Navigation/'));
    // Embedded: the entry and the page's chunk group (index.html preloads the shell's chunk only without `embedded=1`).
    for (const group of [...Object.values(LIST_ROUTES), 'look-new', 'look-edit', 'layout', 'plans']) {
      const { modules } = firstLoad(stats, group);
      expect(modules.filter((m) => SHELL.includes(m))).toEqual([]);
      expect(navigation(modules)).toEqual([]);
    }
    const shell = firstLoad(stats, 'standalone-frame').modules;
    expect(SHELL.filter((m) => !shell.includes(m))).toEqual([]);
    expect(navigation(shell).length).toBeGreaterThan(0);
  });

  it('the look and layout forms load yup on their first use (lazyValidate), not with the page', () => {
    for (const group of ['look-new', 'look-edit', 'layout']) {
      const { modules } = firstLoad(stats, group);
      expect(YUP.flatMap((pkg) => packageModules(modules, pkg))).toEqual([]);
      expect(modules.some((m) => m.includes('react-final-form'))).toBe(true);
    }
  });

  it("only the gallery's edit page (the one that opens a stream) loads the generation-stream middleware", () => {
    const MIDDLEWARE = './src/features/gallery/stream/generationStreamMiddleware.ts';
    expect(firstLoad(stats, []).modules).not.toContain(MIDDLEWARE);
    for (const group of [...Object.values(LIST_ROUTES), 'look-new', 'layout', 'plans'])
      expect([group, firstLoad(stats, group).modules.includes(MIDDLEWARE)]).toEqual([group, false]);
    expect(firstLoad(stats, 'gallery-edit').modules).toContain(MIDDLEWARE);
  });

  it('finds yup where a form validates (the check can see it)', () => {
    const { modules } = firstLoad(stats, 'look-form-validate');
    // (../../main/node_modules/… where node_modules is a link, as in a git worktree)
    expect(packageModules(modules, 'yup')).toEqual([
      expect.stringMatching(/^(\.\/|(\.\.\/)+[^/]+\/)node_modules\/yup\/index\.esm\.js$/),
    ]);
    expect(modules).toContain('./src/contracts/looks.schema.ts');
    expect(packageModules(firstLoad(stats, 'settings').modules, 'yup')).toHaveLength(1);
  });
});

describe('plain contract modules (eslint.config.mjs)', () => {
  const eslint = new ESLint({ cwd: root });
  const rules = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.map((m) => m.ruleId);
  };
  const RULE = '@typescript-eslint/no-restricted-imports';

  it.each([
    ['yup', "import { object } from 'yup';\nexport const probe = object;\n"],
    ['./validation', "import { yup } from './validation';\nexport const probe = yup;\n"],
    ['a schema module', "import { lookFormSchema } from './looks.schema';\nexport const probe = lookFormSchema;\n"],
  ])('refuse %s', async (_what, code) => {
    expect(await rules('src/contracts/probe.ts', code)).toContain(RULE);
  });

  it('allow it in a schema module, and types from a schema module anywhere', async () => {
    expect(
      await rules(
        'src/contracts/probe.schema.ts',
        "import { yup } from './validation';\nexport const probe = yup.string();\n",
      ),
    ).not.toContain(RULE);
    expect(
      await rules(
        'src/contracts/probe.ts',
        "import type { SelectPlanBody } from './billing.schema';\nexport type Probe = SelectPlanBody;\n",
      ),
    ).not.toContain(RULE);
  });
});

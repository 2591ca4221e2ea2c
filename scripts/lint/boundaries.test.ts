import path from 'node:path';
import { ESLint } from 'eslint';

// Proves that the architecture rules of eslint.config.mjs bite: each snippet is linted as if it
// lived at a real path of the tree (lintText with filePath), and every boundary it crosses must be
// reported — while the legal imports next to them must not be.
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(`${file}: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages.map((m) => m.ruleId ?? '');
}

const reExport = (specifier: string, name: string) =>
  `import { ${name} } from '${specifier}';\nexport const probe = ${name};\n`;

jest.setTimeout(120_000);

describe('architecture boundaries (eslint.config.mjs)', () => {
  it.each([
    [
      'a feature reaching into another feature’s internal file',
      'src/features/looks/Probe.ts',
      reExport('../billing/pricing', 'defaultPeriod'),
    ],
    ['src/contracts importing a feature', 'src/contracts/probe.ts', reExport('../features/shop', 'useShop')],
    ['src/contracts importing the api layer', 'src/contracts/probe.ts', reExport('../api/tags', 'idTag')],
    ['a shared component importing a feature', 'src/components/Probe.tsx', reExport('../features/shop', 'useShop')],
    ['the api layer importing a feature', 'src/api/probe.ts', reExport('../features/shop', 'useShop')],
    ['a feature importing the app shell', 'src/features/looks/Probe.ts', reExport('../../app/routes', 'routes')],
    ['host code importing a feature', 'src/host/probe.ts', reExport('../features/shop', 'useShop')],
    ['the client importing server code', 'src/app/probe.ts', reExport('../../server/config', 'DEMO_SHOP_DOMAIN')],
    ['server/db importing a service', 'server/db/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['server/db importing http helpers', 'server/db/probe.ts', reExport('../http/errors', 'HttpError')],
    ['server/db importing the ops room', 'server/db/probe.ts', reExport('../ops/requestId', 'requestIdOf')],
    ['the ops room importing a service', 'server/ops/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['the ops room importing platform code', 'server/ops/probe.ts', reExport('../platform/webhooks', 'signWebhook')],
    ['server/db importing the storage', 'server/db/probe.ts', reExport('../storage', 'storageFor')],
    [
      'the storage importing a service',
      'server/storage/probe.ts',
      reExport('../services/shop/shops', 'findShopByDomain'),
    ],
    ['the storage importing the database', 'server/storage/probe.ts', reExport('../db', 'openDatabase')],
    [
      'a service importing a route',
      'server/services/looks/probe.ts',
      reExport('../../routes/billing', 'DISCOUNT_CHECKS_PER_MINUTE'),
    ],
    ['a service importing the app', 'server/services/looks/probe.ts', reExport('../../app', 'buildApp')],
    [
      'a service importing platform code',
      'server/services/looks/probe.ts',
      reExport('../../platform/webhooks', 'signWebhook'),
    ],
    ['server/db importing the job engine', 'server/db/probe.ts', reExport('../jobs', 'JobEngine')],
    ['the job engine importing platform code', 'server/jobs/probe.ts', reExport('../platform/webhooks', 'signWebhook')],
    [
      'the job engine importing a service',
      'server/jobs/probe.ts',
      reExport('../services/shop/shops', 'findShopByDomain'),
    ],
    ['a route importing the demo store', 'server/routes/probe.ts', reExport('../demo', 'seedDemo')],
    ['platform code importing the demo store', 'server/platform/webhooks/probe.ts', reExport('../../demo', 'seedDemo')],
    ['the app importing the demo store', 'server/app-probe.ts', reExport('./demo', 'seedDemo')],
    ['a route importing the app', 'server/routes/probe.ts', reExport('../app', 'buildApp')],
    ['the app importing server/index.ts', 'server/app.ts', "import './index';\n"],
    [
      'server/auth importing a route',
      'server/auth/probe.ts',
      reExport('../routes/billing', 'DISCOUNT_CHECKS_PER_MINUTE'),
    ],
    ['server/auth importing the app', 'server/auth/probe.ts', reExport('../app', 'buildApp')],
    [
      'platform code importing auth',
      'server/platform/probe.ts',
      reExport('../auth/sessionToken', 'verifySessionToken'),
    ],
    [
      'platform code importing a route',
      'server/platform/webhooks/probe.ts',
      reExport('../../routes/billing', 'DISCOUNT_CHECKS_PER_MINUTE'),
    ],
    ['server/http importing a service', 'server/http/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['server/http importing platform code', 'server/http/probe.ts', reExport('../platform/webhooks', 'signWebhook')],
    ['server/http importing auth', 'server/http/probe.ts', reExport('../auth/appProxy', 'verifyAppProxy')],
    ['server/ssr importing a service', 'server/ssr/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['server/ssr importing the app', 'server/ssr/probe.ts', reExport('../app', 'buildApp')],
    ['server/db importing server/ssr', 'server/db/probe.ts', reExport('../ssr/paintFirst', 'paintFirst')],
    ['server/ops importing a service', 'server/ops/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['server/i18n importing db', 'server/i18n.ts', reExport('./db', 'openDatabase')],
    ['server/config importing platform code', 'server/config.ts', reExport('./platform/tokenCipher', 'encryptToken')],
    ['server/config importing the storage', 'server/config.ts', reExport('./storage', 'storageFor')],
    [
      'the token keys importing platform code',
      'server/tokenKeys.ts',
      reExport('./platform/accessTokens', 'NoAccessTokenError'),
    ],
    [
      'the widget renderer importing a service',
      'server/widget/probe.ts',
      reExport('../services/shop/shops', 'findShopByDomain'),
    ],
    [
      'server code importing an extension',
      'server/platform/discounts/probe.ts',
      reExport('../../../extensions/looks-theme/src/ab', 'chosenVariant'),
    ],
    [
      'a feature importing the server render (src/ssr)',
      'src/features/looks/Probe.ts',
      reExport('../../ssr/firstScreen', 'readFirstScreen'),
    ],
    [
      'a shared component importing src/ssr',
      'src/components/Probe.tsx',
      reExport('../ssr/earlyInput', 'replayEarlyInput'),
    ],
    [
      'the shell importing the server render',
      'src/app/probe.ts',
      reExport('../ssr/renderFirstScreen', 'renderFirstScreen'),
    ],
    [
      'the client importing an extension',
      'src/features/looks/Probe.ts',
      reExport('../../../extensions/looks-theme/src/ab', 'chosenVariant'),
    ],
    [
      'an extension importing the admin app',
      'extensions/looks-theme/src/probe.ts',
      reExport('../../../src/features/shop', 'useShop'),
    ],
    [
      'an extension importing server code',
      'extensions/looks-theme/src/probe.ts',
      reExport('../../../server/config', 'DEMO_SHOP_DOMAIN'),
    ],
    [
      'an extension importing another extension',
      'extensions/checkout-booster/src/probe.ts',
      reExport('../../looks-theme/src/ab', 'chosenVariant'),
    ],
    // Every other room, once each: the rooms of src/ not named above, the bundle Function, the demo
    // seed, the shared leaves of the server, and the tools at the top (scripts/, e2e/).
    ['src/i18n importing a feature', 'src/i18n/probe.ts', reExport('../features/shop', 'useShop')],
    ['src/analytics importing a feature', 'src/analytics/probe.ts', reExport('../features/shop', 'useShop')],
    ['src/ssr importing server code', 'src/ssr/probe.ts', reExport('../../server/config', 'DEMO_SHOP_DOMAIN')],
    [
      'the client test helpers importing server code',
      'src/test/probe.ts',
      reExport('../../server/config', 'DEMO_SHOP_DOMAIN'),
    ],
    ["the client's boot importing e2e code", 'src/index.tsx', reExport('../e2e/server', 'startServer')],
    [
      'the bundle Function importing the admin app',
      'extensions/look-bundle/src/probe.js',
      reExport('../../../src/features/shop', 'useShop'),
    ],
    [
      'the demo seed importing a route',
      'server/demo/probe.ts',
      reExport('../routes/billing', 'DISCOUNT_CHECKS_PER_MINUTE'),
    ],
    ['the demo seed importing the app', 'server/demo/probe.ts', reExport('../app', 'buildApp')],
    [
      'the network config importing a service',
      'server/networkConfig.ts',
      reExport('./services/shop/shops', 'findShopByDomain'),
    ],
    ['app.toml reading importing platform code', 'server/appToml.ts', reExport('./platform/webhooks', 'signWebhook')],
    [
      'server code importing a script',
      'server/http/probe.ts',
      reExport('../../scripts/build/precompressAssets', 'compressed'),
    ],
    [
      'server code importing e2e code',
      'server/services/looks/probe.ts',
      reExport('../../../e2e/server', 'startServer'),
    ],
    ['a script importing e2e code', 'scripts/perf/probe.ts', reExport('../../e2e/server', 'startServer')],
    [
      'an e2e spec importing a script',
      'e2e/probe.spec.ts',
      reExport('../scripts/build/precompressAssets', 'compressed'),
    ],
  ])('reports %s', async (_name, file, code) => {
    expect(await ruleIds(file, code)).toContain(BOUNDARY);
  });

  it.each([
    [
      'a feature making a router of its own',
      'src/features/looks/Probe.ts',
      reExport('react-router-dom', 'createMemoryRouter'),
    ],
    ['a shared component with routes of its own', 'src/components/Probe.tsx', reExport('react-router-dom', 'Routes')],
    ['the router under its other package name', 'src/host/probe.ts', reExport('react-router', 'useNavigate')],
  ])('reports %s (one router)', async (_name, file, code) => {
    expect(await ruleIds(file, code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('reports yup in a plain contract module (list pages import those; schemas go in <name>.schema.ts)', async () => {
    expect(await ruleIds('src/contracts/probe.ts', reExport('yup', 'object'))).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });

  it('reports an import circle (server/config would import the app, which imports config)', async () => {
    expect(await ruleIds('server/config.ts', reExport('./app', 'buildApp'))).toContain(CYCLE);
  });

  it('reports an import circle on the client (contracts → api → contracts)', async () => {
    expect(await ruleIds('src/contracts/api.ts', reExport('../api/baseApi', 'baseApi'))).toContain(CYCLE);
  });

  it.each([
    [
      'a feature using another feature’s public index.ts',
      'src/features/looks/Probe.ts',
      reExport('../shop', 'useShop'),
    ],
    [
      'a feature using shared components and contracts',
      'src/features/looks/Probe.ts',
      reExport('../../components/SummaryCard', 'SummaryCard'),
    ],
    [
      'a feature using the typed hooks of src/app',
      'src/features/looks/Probe.ts',
      reExport('../../app/hooks', 'useAppDispatch'),
    ],
    ['a feature using the router', 'src/features/looks/Probe.ts', reExport('react-router-dom', 'useNavigate')],
    ['the shell making the router', 'src/app/probe.ts', reExport('react-router-dom', 'createBrowserRouter')],
    ['a contract schema importing a library', 'src/contracts/probe.schema.ts', reExport('yup', 'object')],
    [
      'a plain contract importing a small library',
      'src/contracts/probe.ts',
      reExport('intl-messageformat', 'IntlMessageFormat'),
    ],
    [
      'the server importing shared contracts',
      'server/services/looks/probe.ts',
      reExport('../../../src/contracts/looks', 'LOOKS_PAGE_SIZE'),
    ],
    [
      'platform code using the ops room (metrics)',
      'server/platform/probe.ts',
      reExport('../ops/metrics', 'observeAdminApiThrottleWait'),
    ],
    ['a route importing a service', 'server/routes/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['a service using the storage', 'server/services/looks/probe.ts', reExport('../../storage', 'storageFor')],
    ['the storage using config', 'server/storage/probe.ts', reExport('../config', 'loadConfig')],
    ['a service importing db tables', 'server/services/looks/probe.ts', reExport('../../db', 'openDatabase')],
    ['platform code using the job engine', 'server/platform/webhooks/probe.ts', reExport('../../jobs', 'JobEngine')],
    ['the job engine using db', 'server/jobs/probe.ts', reExport('../db', 'openDatabase')],
    ['server/index.ts seeding the demo store', 'server/index.ts', reExport('./demo', 'seedDemo')],
    ['server/test seeding the demo store', 'server/test/probe.ts', reExport('../demo', 'seedDemo')],
    ['a script seeding the demo store', 'scripts/bench/probe.ts', reExport('../../server/demo', 'seedDemo')],
    ['a route using server/auth', 'server/routes/probe.ts', reExport('../auth/appProxy', 'verifyAppProxy')],
    ['server/auth using platform code', 'server/auth/probe.ts', reExport('../platform/accessTokens', 'storeTokenPair')],
    ['platform code using http helpers', 'server/platform/probe.ts', reExport('../http/errors', 'HttpError')],
    ['a service using http helpers', 'server/services/looks/probe.ts', reExport('../../http/errors', 'HttpError')],
    [
      'the app using the first-screen document',
      'server/app-probe.ts',
      reExport('./ssr/firstScreenDocument', 'firstScreenDocument'),
    ],
    [
      'the shell using the early-input replay of src/ssr',
      'src/app/probe.ts',
      reExport('../ssr/ReplayEarlyClick', 'ReplayEarlyClick'),
    ],
    ['the server render using the shell', 'src/ssr/probe.ts', reExport('../app/store', 'makeStore')],
    [
      'an extension using shared contracts',
      'extensions/looks-theme/src/probe.ts',
      reExport('../../../src/contracts/assignVariant', 'assignVariant'),
    ],
    [
      'a server test loading an extension',
      'server/platform/discounts/probe.test.ts',
      reExport('../../../extensions/looks-theme/src/ab', 'chosenVariant'),
    ],
    ['a service test driving the whole app', 'server/services/looks/probe.test.ts', reExport('../../app', 'buildApp')],
    [
      "a server test checking a script's output",
      'server/test/probe.test.ts',
      reExport('../../scripts/build/precompressAssets', 'compressed'),
    ],
    ['the demo seed using a service', 'server/demo/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['an e2e spec using server code', 'e2e/probe.spec.ts', reExport('../server/platform/webhooks/hmac', 'signWebhook')],
  ])('allows %s', async (_name, file, code) => {
    expect(await ruleIds(file, code)).toEqual([]);
  });
});

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

const reExport = (specifier: string, name: string) => `import { ${name} } from '${specifier}';\nexport const probe = ${name};\n`;

jest.setTimeout(120_000);

describe('architecture boundaries (eslint.config.mjs)', () => {
  it.each([
    ['a feature reaching into another feature’s internal file', 'src/features/looks/Probe.ts', reExport('../billing/pricing', 'defaultPeriod')],
    ['src/contracts importing a feature', 'src/contracts/probe.ts', reExport('../features/shop', 'useShop')],
    ['src/contracts importing the api layer', 'src/contracts/probe.ts', reExport('../api/tags', 'idTag')],
    ['a shared component importing a feature', 'src/components/Probe.tsx', reExport('../features/shop', 'useShop')],
    ['the api layer importing a feature', 'src/api/probe.ts', reExport('../features/shop', 'useShop')],
    ['a feature importing the app shell', 'src/features/looks/Probe.ts', reExport('../../app/routes', 'routes')],
    ['host code importing a feature', 'src/host/probe.ts', reExport('../features/shop', 'useShop')],
    ['the router importing a feature', 'src/router/probe.ts', reExport('../features/shop', 'useShop')],
    ['the router importing shared code', 'src/router/probe.ts', reExport('../i18n/locale', 'resolveLocale')],
    ['the client importing server code', 'src/app/probe.ts', reExport('../../server/config', 'DEMO_SHOP_DOMAIN')],
    ['server/db importing a service', 'server/db/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['server/db importing http helpers', 'server/db/probe.ts', reExport('../http/errors', 'HttpError')],
    ['server/db importing the storage', 'server/db/probe.ts', reExport('../storage', 'storageFor')],
    ['the storage importing a service', 'server/storage/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['the storage importing the database', 'server/storage/probe.ts', reExport('../db', 'openDatabase')],
    ['a service importing a route', 'server/services/looks/probe.ts', reExport('../../routes/billing', 'DISCOUNT_CHECKS_PER_MINUTE')],
    ['a service importing the app', 'server/services/looks/probe.ts', reExport('../../app', 'buildApp')],
    ['a service importing platform code', 'server/services/looks/probe.ts', reExport('../../platform/webhooks', 'signWebhook')],
    ['a route importing the demo store', 'server/routes/probe.ts', reExport('../demo', 'seedDemo')],
    ['platform code importing the demo store', 'server/platform/webhooks/probe.ts', reExport('../../demo', 'seedDemo')],
    ['the app importing the demo store', 'server/app-probe.ts', reExport('./demo', 'seedDemo')],
  ])('reports %s', async (_name, file, code) => {
    expect(await ruleIds(file, code)).toContain(BOUNDARY);
  });

  it('reports yup in a plain contract module (list pages import those; schemas go in <name>.schema.ts)', async () => {
    expect(await ruleIds('src/contracts/probe.ts', reExport('yup', 'object'))).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('reports an import circle (server/config would import the app, which imports config)', async () => {
    expect(await ruleIds('server/config.ts', reExport('./app', 'buildApp'))).toContain(CYCLE);
  });

  it('reports an import circle on the client (contracts → api → contracts)', async () => {
    expect(await ruleIds('src/contracts/api.ts', reExport('../api/baseApi', 'baseApi'))).toContain(CYCLE);
  });

  it.each([
    ['a feature using another feature’s public index.ts', 'src/features/looks/Probe.ts', reExport('../shop', 'useShop')],
    ['a feature using shared components and contracts', 'src/features/looks/Probe.ts', reExport('../../components/SummaryCard', 'SummaryCard')],
    ['a feature using the typed hooks of src/app', 'src/features/looks/Probe.ts', reExport('../../app/hooks', 'useAppDispatch')],
    ['a feature using the router', 'src/features/looks/Probe.ts', reExport('../../router', 'useNavigate')],
    ['a contract schema importing a library', 'src/contracts/probe.schema.ts', reExport('yup', 'object')],
    ['a plain contract importing a small library', 'src/contracts/probe.ts', reExport('intl-messageformat', 'IntlMessageFormat')],
    ['the server importing shared contracts', 'server/services/looks/probe.ts', reExport('../../../src/contracts/looks', 'LOOKS_PAGE_SIZE')],
    ['a route importing a service', 'server/routes/probe.ts', reExport('../services/shop/shops', 'findShopByDomain')],
    ['a service using the storage', 'server/services/looks/probe.ts', reExport('../../storage', 'storageFor')],
    ['the storage using config', 'server/storage/probe.ts', reExport('../config', 'loadConfig')],
    ['a service importing db tables', 'server/services/looks/probe.ts', reExport('../../db', 'openDatabase')],
    ['server/index.ts seeding the demo store', 'server/index.ts', reExport('./demo', 'seedDemo')],
    ['server/test seeding the demo store', 'server/test/probe.ts', reExport('../demo', 'seedDemo')],
    ['a script seeding the demo store', 'scripts/bench/probe.ts', reExport('../../server/demo', 'seedDemo')],
    ['a service test driving the whole app', 'server/services/looks/probe.test.ts', reExport('../../app', 'buildApp')],
  ])('allows %s', async (_name, file, code) => {
    expect(await ruleIds(file, code)).toEqual([]);
  });
});

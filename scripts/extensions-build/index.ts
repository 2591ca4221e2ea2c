/**
 * `npm run test:extensions`: the real Shopify CLI (the `@shopify/cli` dev dependency, under the Node 22
 * npm scripts run with) builds every extension, offline, the way `shopify app deploy` builds them:
 *
 * 1. `shopify app build` over the app without its Functions: validates shopify.app.toml and every
 *    extension toml, runs theme-check on the theme app extension and bundles the checkout UI
 *    extension. The CLI prints theme-check's errors (`[error]: AssetSizeAppBlockJavaScript …`) and
 *    still succeeds; `shopify app deploy` refuses them, so this check fails on any.
 * 2. `shopify app function build` for each Function: GraphQL typegen against the committed
 *    schema.graphql, then the CLI's esbuild bundle (dist/function.js). Its last step compiles the
 *    bundle to WASM with javy, which the CLI downloads from GitHub and cdn.shopify.com; where that
 *    cannot be reached the check accepts that one failure, and only after the bundle was written.
 *    The bundle is then run on the Function's fixtures (tests/fixtures/*.json) through the
 *    `ShopifyFunction` input/output interface the WASM runtime gives it.
 *
 * Why a copy of the app: `shopify app build` downloads the Function compiler before it builds anything,
 * so step 1 needs an app whose `extension_directories` leave the Functions out; the CLI has no flag for
 * that. The copy (in a temp dir, node_modules linked) also keeps typegen and build output out of the
 * worktree. Network: analytics off, CI=1 (no auto-upgrade, no prompts), notifications from loopback.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'smol-toml';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'node_modules', '@shopify', 'cli', 'bin', 'run.js');
/** Build output and installs that are not part of an extension's source. */
const SKIP = new Set(['node_modules', 'dist', 'generated', '.shopify']);
/** The one failure accepted from `shopify app function build`: the compiler download. */
const COMPILER_DOWNLOAD =
  /(javy|shopify_functions_javy|function-runner|wasm-opt)[^\n]*(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|failed|status code)|request to https:\/\/(github\.com|cdn\.shopify\.com|cdn\.jsdelivr\.net)\/\S+ failed/i;

interface Extension {
  dir: string;
  type: string;
  exports: string[];
}

function readExtensions(): Extension[] {
  const base = path.join(ROOT, 'extensions');
  return fs
    .readdirSync(base)
    .filter((name) => fs.existsSync(path.join(base, name, 'shopify.extension.toml')))
    .map((name) => {
      const toml = parse(fs.readFileSync(path.join(base, name, 'shopify.extension.toml'), 'utf8')) as {
        type?: string;
        extensions?: Array<{ type?: string; targeting?: Array<{ export?: string }> }>;
      };
      const targeting = toml.extensions?.flatMap((e) => e.targeting ?? []) ?? [];
      return {
        dir: `extensions/${name}`,
        type: toml.type ?? toml.extensions?.[0]?.type ?? '',
        exports: targeting.map((t) => t.export ?? '').filter(Boolean),
      };
    });
}

function copyApp(extensions: Extension[], withoutFunctions: boolean): string {
  const app = fs.mkdtempSync(path.join(os.tmpdir(), 'extensions-build-'));
  const config = parse(fs.readFileSync(path.join(ROOT, 'shopify.app.toml'), 'utf8'));
  const included = extensions.filter((e) => !withoutFunctions || e.type !== 'function');
  config.extension_directories = included.map((e) => e.dir);
  fs.writeFileSync(path.join(app, 'shopify.app.toml'), stringify(config));
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'extensions-build', private: true }));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'), 'dir');
  for (const e of included) {
    fs.cpSync(path.join(ROOT, e.dir), path.join(app, e.dir), {
      recursive: true,
      filter: (src) => !SKIP.has(path.basename(src)),
    });
  }
  return app;
}

function shopify(args: string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      ...process.env,
      CI: '1',
      SHOPIFY_CLI_NO_ANALYTICS: '1',
      SHOPIFY_CLI_NOTIFICATIONS_URL: 'http://127.0.0.1:9/notifications.json',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    },
  });
  return {
    status: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
  };
}

/** An error box or a non-zero exit: the CLI reports some failures in a box and still exits 0. */
const failed = (run: { status: number | null; output: string }) => run.status !== 0 || /─ error ─/.test(run.output);

function buildApp(extensions: Extension[]): void {
  const app = copyApp(extensions, true);
  try {
    const run = shopify(['app', 'build', '--path', app, '--skip-dependencies-installation'], ROOT);
    if (failed(run)) throw new Error(`shopify app build failed:\n${run.output}`);
    if (/\[error\]:/.test(run.output))
      throw new Error(`theme check reported errors in shopify app build:\n${run.output}`);
    for (const e of extensions.filter((x) => x.type === 'ui_extension')) {
      const name = path.basename(e.dir);
      if (!fs.existsSync(path.join(app, e.dir, 'dist', `${name}.js`)))
        throw new Error(`shopify app build wrote no bundle for ${e.dir}:\n${run.output}`);
    }
    if (extensions.some((e) => e.type === 'theme') && !/Running theme check/.test(run.output))
      throw new Error(`shopify app build did not run theme check:\n${run.output}`);
    console.log(
      `shopify app build: ${extensions
        .filter((e) => e.type !== 'function')
        .map((e) => e.dir)
        .join(', ')} built`,
    );
  } finally {
    fs.rmSync(app, { recursive: true, force: true });
  }
}

/** kebab-case export → the JavaScript export the CLI's generated entry module calls. */
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

interface Fixture {
  payload: { export: string; input: unknown; output: unknown };
}

async function runBundle(bundle: string, fixturesDir: string, exports: string[]): Promise<number> {
  const fixtures = fs.existsSync(fixturesDir) ? fs.readdirSync(fixturesDir).filter((f) => f.endsWith('.json')) : [];
  if (!fixtures.length) throw new Error(`no fixtures in ${fixturesDir} to run the bundle on`);
  const module = (await import(pathToFileURL(bundle).href)) as Record<string, () => void>;
  const io = globalThis as unknown as { ShopifyFunction?: { readInput(): unknown; writeOutput(v: unknown): void } };
  for (const file of fixtures) {
    const { payload } = JSON.parse(fs.readFileSync(path.join(fixturesDir, file), 'utf8')) as Fixture;
    if (!exports.includes(payload.export)) throw new Error(`${file}: export ${payload.export} is not in the toml`);
    const run = module[camel(payload.export)];
    if (typeof run !== 'function') throw new Error(`the bundle does not export ${camel(payload.export)}`);
    let output: unknown;
    io.ShopifyFunction = { readInput: () => payload.input, writeOutput: (v) => void (output = v) };
    run();
    if (!isDeepStrictEqual(output, payload.output))
      throw new Error(
        `${file}: the bundle answered ${JSON.stringify(output)}, expected ${JSON.stringify(payload.output)}`,
      );
  }
  delete io.ShopifyFunction;
  return fixtures.length;
}

async function buildFunction(extensions: Extension[], fn: Extension): Promise<void> {
  const app = copyApp(
    extensions.filter((e) => e === fn),
    false,
  );
  try {
    const dir = path.join(app, fn.dir);
    const run = shopify(['app', 'function', 'build', '--path', dir], ROOT);
    const bundle = path.join(dir, 'dist', 'function.js');
    if (!fs.existsSync(path.join(dir, 'generated', 'api.ts')))
      throw new Error(`typegen wrote no generated/api.ts for ${fn.dir}:\n${run.output}`);
    if (!fs.existsSync(bundle))
      throw new Error(`shopify app function build wrote no dist/function.js for ${fn.dir}:\n${run.output}`);
    const compiled = !failed(run);
    if (!compiled && !COMPILER_DOWNLOAD.test(run.output))
      throw new Error(`shopify app function build failed for ${fn.dir}:\n${run.output}`);
    const count = await runBundle(bundle, path.join(dir, 'tests', 'fixtures'), fn.exports);
    console.log(
      `shopify app function build: ${fn.dir} typegen and bundle passed, the bundle answered ${count} fixtures; ` +
        (compiled ? 'compiled to WASM' : 'WASM step skipped (the compiler download is out of reach here)'),
    );
  } finally {
    fs.rmSync(app, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22)
    throw new Error(
      `Shopify CLI 4 needs Node 22; this is ${process.version} (run it through npm: npm run test:extensions)`,
    );
  const extensions = readExtensions();
  buildApp(extensions);
  for (const fn of extensions.filter((e) => e.type === 'function')) await buildFunction(extensions, fn);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

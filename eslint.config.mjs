// ESLint flat config. Besides the usual checks it encodes the architecture (docs/ARCHITECTURE.md):
// which room may import which (import-x/no-restricted-paths zones) and no import circles (import-x/no-cycle).
// scripts/lint/boundaries.test.ts proves each boundary rule reports a violation.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const abs = (p) => path.join(root, p);

// ---------- client rooms (src/) ----------
const features = fs
  .readdirSync(abs('src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const clientZones = [
  {
    target: './src/contracts',
    from: './',
    except: ['./src/contracts', './node_modules'],
    message: 'src/contracts is shared with the server: it imports only libraries (e.g. yup), nothing of the app.',
  },
  {
    target: ['./src/components', './src/api', './src/host', './src/i18n', './src/analytics'],
    from: './src/features',
    message:
      'Shared code (components, api, host, i18n, analytics) imports no feature; move what both need down a layer.',
  },
  {
    target: ['./src/features', './src/components', './src/api', './src/host', './src/i18n', './src/analytics'],
    from: './src/app',
    except: ['./hooks.ts', './store.ts'],
    message:
      'Below src/app only the typed hooks (app/hooks.ts) and the store types (app/store.ts) are used, never the shell (App, routes, frame).',
  },
  // A feature imports another feature only through that feature's index.ts (its public API).
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: abs(`src/features/!(${feature})/**`),
    except: [abs('src/features/*/index.ts'), abs('src/features/*/index.tsx')],
    message: `A feature imports another feature only through its index.ts; export what ${feature} needs on purpose there, or move it down to components/ or contracts/.`,
  })),
  {
    target: './src',
    from: ['./server', './e2e', './scripts', './extensions'],
    message: 'The client never imports server or extension code; share types and schemas through src/contracts.',
  },
  {
    // src/ssr is the second entry beside the shell: the server render of the first screen (it builds the
    // store and routes of src/app) and the browser's early-input replay. Nothing below the shell imports it.
    target: [
      './src/features',
      './src/components',
      './src/api',
      './src/host',
      './src/i18n',
      './src/analytics',
      './src/contracts',
    ],
    from: './src/ssr',
    message: 'src/ssr (the first-screen render) sits beside the shell: rooms below src/app never import it.',
  },
  {
    target: './src/app',
    from: './src/ssr',
    except: ['./ReplayEarlyClick.tsx', './earlyInput.ts'],
    message:
      'The shell uses only the early-input replay of src/ssr (ReplayEarlyClick, earlyInput); the server render imports the shell, not the other way.',
  },
];

// ---------- extensions ----------
// Each extension is its own bundle, built and deployed by Shopify CLI: it shares rules with the app
// through src/contracts only, and never imports another extension, the admin app or the server.
const extensionZones = [
  {
    target: './extensions',
    from: './src',
    except: ['./contracts'],
    message: 'An extension imports only libraries and src/contracts (pure shared rules), never the admin app.',
  },
  {
    target: './extensions',
    from: ['./server', './scripts', './e2e'],
    message: 'An extension imports only libraries and src/contracts; never the server, scripts or e2e code.',
  },
  ...fs
    .readdirSync(abs('extensions'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      target: `./extensions/${d.name}`,
      from: abs(`extensions/!(${d.name})/**`),
      message: `Each extension is its own bundle: ${d.name} imports no other extension (share through src/contracts).`,
    })),
];

// ---------- the tools at the top: scripts/ and e2e/ ----------
// Both sit on top of the product (they may use src/ and server/); neither imports the other: the e2e
// specs start the product through e2e/server.ts, and no script runs a spec's code. (No room below
// imports either: see the client's and the server's zones.)
const toolZones = [
  {
    target: './scripts',
    from: './e2e',
    message: 'Scripts never import e2e code (the specs test the product; share through src/ or server/).',
  },
  {
    target: './e2e',
    from: './scripts',
    message: 'The e2e specs never import scripts: they start the product through e2e/server.ts.',
  },
];

// ---------- server rooms ----------
// Production code only: tests beside the code sit on top (they may drive buildApp and seed demo data).
// The rooms above db and jobs (the job engine sits on db and under everything else).
const aboveJobs = [
  './server/services',
  './server/routes',
  './server/platform',
  './server/demo',
  './server/auth',
  './server/http',
  './server/app.ts',
  './server/index.ts',
  './server/ssr',
  './server/test',
];
const serverZones = [
  {
    // Tests may load an extension's code to check the server against it; production code may not.
    target: './server',
    from: './extensions',
    message: 'The server never imports extension code; share through src/contracts.',
  },
  {
    // Tests may check what a script builds (e.g. the precompressed assets); production code may not.
    target: './server',
    from: ['./scripts', './e2e'],
    message: 'The server never imports scripts or e2e code: they sit on top of it.',
  },
  {
    target: './server/demo',
    from: ['./server/routes', './server/auth', './server/ssr', './server/app.ts', './server/index.ts', './server/test'],
    message:
      'The demo store seed sits under server/index.ts (and the tests): it fills the database through services and platform code, never through routes, auth, the render or the app.',
  },
  {
    target: './server/db',
    from: [...aboveJobs, './server/jobs', './server/ops', './server/storage'],
    message:
      'server/db is the bottom layer: it imports no service, route, platform, demo, auth, http, jobs, ops or storage code.',
  },
  {
    target: './server/jobs',
    from: [...aboveJobs, './server/ops'],
    message:
      'server/jobs is the job engine just above db: the rooms above register workers and send jobs; it imports none of them.',
  },
  {
    target: './server/ops',
    from: aboveJobs.filter((room) => room !== './server/http'),
    message:
      'server/ops (health, readiness, metrics, request ids, shutdown) sits right above server/db: features plug into it (app.ops), it imports none of them.',
  },
  {
    // Object storage sits beside db at the bottom: services, platform, routes, demo and the app use it.
    target: './server/storage',
    from: [
      './server/db',
      './server/services',
      './server/routes',
      './server/platform',
      './server/demo',
      './server/auth',
      './server/http',
      './server/ssr',
      './server/app.ts',
      './server/index.ts',
      './server/test',
      './server/jobs',
      './server/ops',
    ],
    message:
      'server/storage is a bottom layer (the file backends): it imports only config and libraries, nothing of the rooms that use it.',
  },
  {
    target: './server/services',
    from: [
      './server/routes',
      './server/platform',
      './server/auth',
      './server/app.ts',
      './server/index.ts',
      './server/demo',
      './server/ssr',
      './server/test',
    ],
    message:
      'Services are called by routes, auth, platform and demo; they import none of them, nor the app (pass what they need in, e.g. a provider).',
  },
  {
    target: './server/routes',
    from: ['./server/demo', './server/index.ts', './server/app.ts'],
    message:
      'Routes are registered by the app (server/app.ts): they never import it, server/index.ts or the demo store.',
  },
  {
    target: './server/auth',
    from: ['./server/routes', './server/app.ts', './server/index.ts', './server/ssr', './server/demo'],
    message:
      'server/auth (session tokens, OAuth, app proxy signatures) sits under the routes: it imports no route, nor the app.',
  },
  {
    target: './server/platform',
    from: ['./server/auth', './server/routes', './server/app.ts', './server/index.ts', './server/ssr', './server/demo'],
    message:
      'server/platform (Admin API, webhooks, billing) sits under auth and routes: it imports neither, nor the app.',
  },
  {
    target: './server/http',
    from: [
      './server/services',
      './server/platform',
      './server/auth',
      './server/routes',
      './server/ssr',
      './server/app.ts',
      './server/index.ts',
      './server/demo',
      './server/test',
    ],
    message:
      'server/http (errors, validation, security headers) is used by every room above db: it imports none of them; what needs a service belongs a room higher (e.g. server/auth).',
  },
  {
    target: './server/ssr',
    from: [
      './server/services',
      './server/platform',
      './server/auth',
      './server/routes',
      './server/app.ts',
      './server/index.ts',
      './server/demo',
      './server/test',
    ],
    message:
      'server/ssr (the first-screen document) is a render: the app passes the data in; it imports no service, route, auth or platform code.',
  },
  {
    target: './server/app.ts',
    from: './server/index.ts',
    message: 'server/index.ts starts the app; the app never imports it.',
  },
  {
    // Shared leaves, used by every room: they import no room of the server. The config is one: every
    // room reads it, so what it parses (the token keys) lives beside it, not in server/platform.
    target: [
      './server/i18n.ts',
      './server/widget',
      './server/networkConfig.ts',
      './server/appToml.ts',
      './server/config.ts',
      './server/tokenKeys.ts',
    ],
    from: ['./server/db', './server/jobs', './server/ops', './server/storage', ...aboveJobs],
    message:
      'server/config, tokenKeys, i18n, widget, networkConfig and appToml are used by all rooms: they import none.',
  },
  {
    // Only server/index.ts, server/test and scripts (outside these targets) may seed the demo store.
    target: [abs('server/!(demo|test)/**'), abs('server/!(index).ts')],
    from: './server/demo',
    message:
      'Only server/index.ts, server/test and scripts use the demo store; services, routes and platform never do.',
  },
];

const restrictedPaths = (zones) => ['error', { basePath: root, zones }];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'e2e/.tmp/',
      '.bench/',
      'data/',
      '**/*.d.ts',
      // Built storefront script (extensions/looks-theme/src is its source).
      'extensions/looks-theme/assets/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: abs('tsconfig.json'), alwaysTryTypes: true }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // A closure may use a binding that is assigned right after it (late wiring of two parts).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Playwright fixtures take `({}, use)`: it reads the destructured parameter to find dependencies.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
      // Sanitizers (URL/CSS escaping, file names, parse()) match control characters on purpose.
      'no-control-regex': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': restrictedPaths([
        ...clientZones,
        ...extensionZones,
        ...toolZones,
        ...serverZones,
      ]),
    },
  },
  {
    // Migrations (and the reference data they insert) work on the schema as it was, not on today's
    // table types: Kysely's guidance is `Kysely<any>` there.
    files: ['server/db/migrations/**', 'server/db/migrate.ts', 'server/db/reference/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests and test helpers (server/test, a room's test/ folder) sit on top of the server.
    files: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**', 'server/**/test/**'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...clientZones, ...extensionZones, ...toolZones]),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A contract's plain module (constants, types, pure rules) is what list pages import: no yup there.
    // Its schemas live in <name>.schema.ts, imported by the forms and the server only
    // (scripts/first-load/firstLoad.test.ts checks the build).
    files: ['src/contracts/*.ts'],
    ignores: ['src/contracts/*.schema.ts', 'src/contracts/validation.ts', 'src/contracts/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['yup', './validation', './*.schema'],
              allowTypeImports: true,
              message:
                'Schemas (yup) go in a <name>.schema.ts beside this module, so pages that validate nothing do not load yup.',
            },
          ],
        },
      ],
    },
  },
  {
    // One router: react-router-dom's data router, made by the shell (src/app/App.tsx) and the server render (src/ssr).
    // Below the shell, code uses its hooks and links only.
    files: ['src/**'],
    ignores: ['src/app/**', 'src/ssr/**', 'src/test/**', 'src/contracts/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: [
                'BrowserRouter',
                'HashRouter',
                'MemoryRouter',
                'Router',
                'Routes',
                'Route',
                'RouterProvider',
                'StaticRouter',
                'StaticRouterProvider',
                'createBrowserRouter',
                'createHashRouter',
                'createMemoryRouter',
                'createStaticRouter',
                'createStaticHandler',
                'useRoutes',
              ],
              message:
                'The app has one router, made in src/app (App.tsx) and src/ssr: pages get their route from src/app/routes.tsx and use the hooks and links.',
            },
          ],
          patterns: [
            {
              group: ['react-router', 'react-router/*'],
              message: 'Import the router from react-router-dom (one package name for the app).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', '*.{js,mjs,cjs,ts}', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs', 'babel.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'src/test/**', 'server/test/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);

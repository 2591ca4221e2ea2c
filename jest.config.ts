import type { Config } from 'jest';

// ESM-only packages that babel-jest must transpile for jsdom tests.
const esmPackages = [
  'react-intl',
  '@formatjs',
  'intl-messageformat',
  '@shopify/polaris',
  '@hello-pangea/dnd',
  'jose',
  '@microsoft/fetch-event-source',
];

const tsJest = [
  'ts-jest',
  {
    tsconfig: {
      jsx: 'react-jsx',
      module: 'commonjs',
      moduleResolution: 'node',
      esModuleInterop: true,
      resolveJsonModule: true,
      isolatedModules: true,
      target: 'ES2022',
    },
    diagnostics: false,
  },
] as const;

const config: Config = {
  // Always in worker processes, both cores busy, and a worker whose heap ends a test file above the limit is
  // replaced: on a 2-core machine jest would otherwise run all ~200 files in its own process (maxWorkers
  // 1 means in band), whose heap grows ~45 MB with every server file (module graphs, PGlite instances kept
  // by jest's registries) until V8 aborts; a fresh worker every ~15 server files costs a few seconds.
  maxWorkers: 2,
  workerIdleMemoryLimit: '800MB',
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src', '<rootDir>/translations'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFiles: ['<rootDir>/src/test/setupGlobals.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/test/setupTests.ts'],
      moduleNameMapper: {
        '\\.css$': '<rootDir>/src/test/styleStub.ts',
        // webpack's ?shell subset of a translations file (compileMessagesLoader): the whole file in tests.
        '^(.*translations/[a-z]{2}\\.json)\\?shell$': '$1',
        // A page's part of a language's messages (written by webpack.config.ts): the whole language in tests.
        '^@message-parts/([a-z]{2})/[a-z-]+\\.json$': '<rootDir>/translations/$1.json',
      },
      transform: {
        '^.+\\.tsx?$': tsJest as unknown as [string, Record<string, unknown>],
        '^.+\\.m?js$': 'babel-jest',
      },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      // One migrated template per run (PGlite, or PostgreSQL with TEST_DATABASE_URL); each suite clones it.
      globalSetup: '<rootDir>/server/test/globalSetup.ts',
      globalTeardown: '<rootDir>/server/test/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/server/test/setupServerTests.ts'],
      transform: {
        '^.+\\.tsx?$': tsJest as unknown as [string, Record<string, unknown>],
        '^.+\\.m?js$': 'babel-jest',
      },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    },
    {
      // Shopify extensions (plain JS Functions): their run functions called on input fixtures.
      displayName: 'extensions',
      testEnvironment: 'node',
      roots: ['<rootDir>/extensions'],
      testMatch: ['**/*.test.ts'],
      transform: {
        '^.+\\.tsx?$': tsJest as unknown as [string, Record<string, unknown>],
        '^.+\\.m?js$': 'babel-jest',
      },
    },
  ],
};

export default config;

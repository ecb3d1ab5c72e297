// Shared jest setup: every project runs its TypeScript through SWC as native ESM
// (NestJS 12 ships as ES modules), and workspace libraries resolve to their sources
// so a test never depends on a stale build.
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export const libSources = {
  '^@freight/contracts$': `${root}libs/contracts/src/index.ts`,
  '^@freight/contracts/compat$': `${root}libs/contracts/src/compat/index.ts`,
  '^@freight/server$': `${root}libs/server/core/src/index.ts`,
  '^@freight/server-database$': `${root}libs/server/database/src/index.ts`,
  '^@freight/server-testing$': `${root}libs/server/testing/src/index.ts`,
  // The system tests run the gateway in process (apps/system-tests).
  '^@freight/gateway$': `${root}apps/gateway/src/index.ts`,
  '^@freight/web-domain/(.*)$': `${root}libs/web/domain/src/$1/index.ts`,
  '^@freight/web-kit$': `${root}libs/web/kit/src/index.ts`,
  // Test code only: the web remotes' fake gateway (not in the kit's build).
  '^@freight/web-kit/testing$': `${root}libs/web/kit/src/testing.spec.setup.tsx`,
  '^@freight/web-session$': `${root}libs/web/session/src/index.ts`,
};

/** For projects whose tests talk to NATS: one authenticated nats-server per jest run (nats-setup.js). */
export const withTestNats = {
  globalSetup: `${root}tools/jest/nats-setup.js`,
  globalTeardown: `${root}tools/jest/nats-teardown.js`,
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
          // `import registry from './services.json' with { type: 'json' }` reaches jest as written.
          experimental: { keepImportAttributes: true },
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    ...libSources,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Integration tests start processes and talk to real Postgres and NATS on 2 shared
  // cores; jest's 5 s default fails them when the machine is busy, not when they are wrong.
  testTimeout: 30_000,
};

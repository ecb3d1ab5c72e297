import { api, type ApiName } from '@freight/contracts';
import { HealthController } from '../health/health.controller.js';
import { SessionController } from '../auth/session.controller.js';
import { CompanyController } from '../company/company.controller.js';
import { ContactController } from '../contact/contact.controller.js';
import { forwardedRoutes } from '../forward/resource-forwarder.js';
import { csvExporter, exportRoutes } from '../export/csv-exporter.js';
import { JobMailsController } from '../live/job-mails.controller.js';
import { LiveController } from '../live/live.controller.js';
import { StatementPdfController } from '../statement/statement-pdf.controller.js';
import { ROUTE_NAME, nestPath } from './route.decorator.js';

describe('@Route', () => {
  it('maps contract paths to Nest paths under the /api prefix', () => {
    expect(nestPath('/api/users/search/{username}')).toBe('users/search/:username');
    expect(nestPath('/api/health')).toBe('health');
  });

  it('binds every route of the api table to exactly one handler: the resource routes to the forwarder (plain Fastify routes), the exports to the exporter, the rest to their own controller', () => {
    const bound = [
      SessionController,
      HealthController,
      CompanyController,
      ContactController,
      JobMailsController,
      LiveController,
      StatementPdfController,
      csvExporter(),
    ].flatMap((controller) =>
      Object.getOwnPropertyNames(controller.prototype)
        .map((method) => Reflect.getMetadata(ROUTE_NAME, (controller.prototype as unknown as Record<string, object>)[method]!) as ApiName | undefined)
        .filter(Boolean),
    );
    expect([...bound, ...forwardedRoutes].sort()).toEqual(Object.keys(api).sort());
    expect(forwardedRoutes).toEqual(expect.arrayContaining(['usersAdd', 'usersUpdate', 'branchesGet', 'branchesDelete']));
    expect(forwardedRoutes).not.toContain('login');
    expect(exportRoutes).toEqual(expect.arrayContaining(['usersExport', 'branchesExport']));
    expect(forwardedRoutes).not.toContain('usersExport');
  });
});

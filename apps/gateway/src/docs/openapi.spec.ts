import { ERROR_CODES, IDEMPOTENCY_KEY_HEADER, api, type ApiRoute } from '@freight/contracts';
import { buildOpenApiDocument } from './openapi.js';

type Operation = {
  operationId: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
const document = buildOpenApiDocument() as {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
};

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with exactly the routes of the api table', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const routes = Object.values(api as Record<string, ApiRoute>).map((r) => `${r.method} ${r.path}`);
    expect(operations.sort()).toEqual(routes.sort());
  });

  it('declares the bearer scheme and uses it on staff routes only', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.paths['/api/users/all']!.get!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/users/login']!.post!.security).toEqual([]);
  });

  it('describes parameters and bodies from the contract schemas', () => {
    const update = document.paths['/api/users/update']!.put!;
    expect(update.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'term', in: 'query', required: true }),
        expect.objectContaining({ name: 'updateterm', in: 'query', required: true }),
      ]),
    );
    expect(update.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', properties: { role: { enum: ['Head', 'Admin', 'Employee'] } } } } },
    });
    expect(document.paths['/api/branches/delete/{BranchCity}']!.delete!.parameters).toEqual([
      expect.objectContaining({ name: 'BranchCity', in: 'path', required: true }),
    ]);
    expect(document.paths['/api/users/add']!.post!.responses['201']).toBeDefined();
  });

  it('documents a list export as a CSV download with its query and columns', () => {
    const exported = document.paths['/api/users/export.csv']!.get!;
    expect(exported.parameters.map((p) => p.name)).toEqual(['q', 'sort', 'order']);
    expect(exported.responses['200']).toMatchObject({ content: { 'text/csv': { schema: { type: 'string' } } } });
    expect((exported.responses['200'] as { description: string }).description).toMatch(
      /Columns: Username, Fullname, Email, Branch, Contact, Role, Department\./,
    );
  });

  it('documents the error body with every code', () => {
    expect(document.components.schemas.Error!.properties.code!.enum).toEqual([...ERROR_CODES]);
    expect(document.paths['/api/users/delete/{username}']!.delete!.responses['403']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(document.paths['/api/users/login']!.post!.responses['429']).toBeDefined();
  });

  it('documents the Idempotency-Key header and its 422 on every create, and nowhere else', () => {
    const keyed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.parameters.some((p) => p.name === IDEMPOTENCY_KEY_HEADER && p.in === 'header' && !p.required))
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    expect(keyed.sort()).toEqual(
      [
        'POST /api/branches/add',
        'POST /api/users/add',
        'POST /api/forwarders/add',
        'POST /api/origins/add',
        'POST /api/yards/add',
        'POST /api/ShipmentType/add',
        'POST /api/ShipmentTerm/add',
        'POST /api/consignees/add',
        'POST /api/shippers/add',
        'POST /api/shipments/branchadminadd',
        'POST /api/shipments/add/{user_id}',
        'POST /api/shipments/adminadd',
        'POST /api/vessels/add',
        'POST /api/agents/add',
        'POST /api/credits/add',
      ].sort(),
    );
    expect(document.paths['/api/users/add']!.post!.responses['422']).toBeDefined();
    expect(document.paths['/api/users/update']!.put!.responses['422']).toBeUndefined();
  });

  it('documents the client calls: the sign-in’s client_id, a consignee’s own statement by id, the client-only booking', () => {
    const signIn = document.paths['/api/clientlogin/myclientlogin']!.post!.responses['200'] as { content: Record<string, { schema: { required: string[] } }> };
    expect(signIn.content['application/json']!.schema.required).toEqual(expect.arrayContaining(['client_id', 'token', 'role']));
    const statement = document.paths['/api/accounts/statement/{consignee_id}']!.get!.responses['403'] as { description: string };
    expect(statement.description).toMatch(/consignee’s token whose `consignee_id` in the path is not their own id/);
    const booking = document.paths['/api/shipments/clientbooking/{jobNo}']!.get!;
    expect(booking.security).toEqual([{ bearer: [] }]);
    expect((booking.responses['403'] as { description: string }).description).toMatch(/A staff token/);
    expect(booking.responses['404']).toBeDefined();
  });

  it("names each operation once, a call of the spec by the spec's name (docs/adr/0056)", () => {
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/shipments/allbooklist/{userId}']!.get!.operationId).toBe('shipmentsAllbooklist');
    expect(document.paths['/api/shipments/adddebit/{jobNo}']!.post!.operationId).toBe('shipmentsAdddebit');
    expect(document.paths['/api/branches/add']!.post!.operationId).toBe('branchesAdd');
  });
});

import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, openApiText } from '../src/http/openapi-document.ts';
import { routeContractProblems } from '../src/http/route-contracts.ts';
import { API_REFERENCE_PATH } from '../src/routes/api-reference.routes.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('the routes and their contract', () => {
  it('every API route declares its operation, path parameters and each status it answers', () => {
    expect(t.server.app.routeTable.length).toBeGreaterThan(50);
    expect(routeContractProblems(t.server.app.routeTable)).toEqual([]);
  });

  it('docs/openapi.json is the document the routes make (run `npm run openapi` when it is not)', async () => {
    const committed = await fs.readFile(OPENAPI_FILE, 'utf8');
    expect(committed === openApiText(t.server.app.swagger()), 'docs/openapi.json is stale: run `npm run openapi`').toBe(true);
  });

  it('serves the document, and the reference page from this server alone, without a session', async () => {
    const anonymous = t.anonymous();
    const served = await anonymous.request('GET', `${API_REFERENCE_PATH}/json`);
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(openApiText(t.server.app.swagger())));
    expect(served.body.openapi).toBe('3.1.0');

    const page = await anonymous.request('GET', `${API_REFERENCE_PATH}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      const url = new URL(asset, `${t.url}${API_REFERENCE_PATH}/`);
      const file = await anonymous.request('GET', url.pathname);
      expect(file.status, url.pathname).toBe(200);
      // Swagger UI's own script must not fetch anything from elsewhere, such as a validator badge.
      if (url.pathname.endsWith('swagger-initializer.js')) expect(file.text).toContain('validatorUrl: null');
    }
  });
});

describe('answers keep to the contract', () => {
  it('refuses a body that fails its schema in the error shape, naming every member', async () => {
    const r = await t.request('POST', 'Notes/group-sessions', { body: { attendees: 'all', color: 'red' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      title: 'Bad Request',
      status: 400,
      detail: 'attendees is invalid.',
      issues: [
        { path: 'attendees', message: 'attendees is invalid.' },
        { path: 'color', message: 'Unknown field(s) in the request: color.' },
      ],
    });
  });

  it('answers 404 for a path no resource can have, and 400 for a query that fails its schema', async () => {
    expect((await t.request('GET', 'NoSuchCollection/abc')).body).toMatchObject({
      status: 404,
      detail: 'The requested data was not found.',
    });
    expect((await t.request('GET', 'Patients/bad%20id')).status).toBe(404);
    expect((await t.request('GET', 'Patients?pageSize=many')).body).toMatchObject({
      status: 400,
      detail: 'pageSize must be a whole number from 1 to 1000.',
    });
  });

  it('serialises a resource whole, every member the client stored, on every path that answers it', async () => {
    const body = {
      name: 'North',
      region: { code: 'N', levels: [1, { depth: 2, tags: ['a', null] }] },
    };
    const created = await t.request('POST', 'Districts', { body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(body);
    const { id } = created.body;
    const read = await t.request('GET', `Districts/${id}`);
    const history = await t.request('GET', `Districts/${id}/_history`);
    const version = await t.request('GET', `Districts/${id}/_history/${created.body.meta.versionId}`);
    const page = await t.request('POST', 'Districts/queries', { body: [{ field: 'id', op: 'eq', value: id }] });
    expect(read.body).toEqual(created.body);
    expect(history.body).toEqual([created.body]);
    expect(version.body).toMatchObject(body);
    expect(page.body).toEqual([created.body]);
  });
});

import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeContractProblems } from './route-contracts.ts';

const route = (method: string, url: string, schema?: object) =>
  ({ method, url, schema, handler: () => undefined }) as unknown as RouteOptions;
const contract = {
  operationId: 'readThing',
  summary: 'Read a thing',
  tags: ['Things'],
  params: { properties: { id: {} } },
  response: { 200: {}, 404: {} },
};

describe('route contracts', () => {
  it('accepts a route that declares its operation, parameters and statuses, and hidden non-API routes', () => {
    expect(routeContractProblems([route('GET', '/api/v1/things/:id', contract), route('GET', '/assets/*', { hide: true })])).toEqual([]);
  });

  it('names each route that lacks a part of its contract', () => {
    expect(
      routeContractProblems([
        route('GET', '/api/v1/things/:id', contract),
        route('DELETE', '/api/v1/things/:id'),
        route('POST', '/api/v1/things/:id/copy', { ...contract, operationId: 'readThing', params: {}, response: { '2xx': {} } }),
        route('GET', '/elsewhere'),
        route('HEAD', '/api/v1/things/:id'),
      ]),
    ).toEqual([
      'DELETE /api/v1/things/:id has no operationId.',
      'DELETE /api/v1/things/:id has no summary.',
      'DELETE /api/v1/things/:id has no tag.',
      'DELETE /api/v1/things/:id does not declare its path parameter id.',
      'DELETE /api/v1/things/:id declares no success status.',
      'DELETE /api/v1/things/:id declares no error status.',
      'POST /api/v1/things/:id/copy repeats the operationId of GET /api/v1/things/:id.',
      'POST /api/v1/things/:id/copy does not declare its path parameter id.',
      'POST /api/v1/things/:id/copy declares no success status.',
      'POST /api/v1/things/:id/copy declares no error status.',
      'POST /api/v1/things/:id/copy declares the status 2xx; name each status.',
      'GET /elsewhere is not an API call but is not hidden from the reference.',
    ]);
  });
});

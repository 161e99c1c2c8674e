import swagger from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { OPENAPI_BASE, documentRoute, nameComponents } from '../http/openapi-document.ts';
import { useContractCompilers } from '../http/schema-compilers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, schema included: what the contract test walks (http/route-contracts.ts). */
    routeTable: readonly RouteOptions[];
  }
}

/**
 * Every route's contract at work: its schemas validate what comes in (http/schema-errors.ts turns
 * a refusal into the product's error) and serialise what goes out, and together they make the
 * OpenAPI 3.1 document (`app.swagger()`, served at /api/docs/json, kept in docs/openapi.json).
 * Registered before the routes, whose registration it watches.
 */
export const apiContractPlugin = fp(
  async (app) => {
    useContractCompilers(app);
    const routes: RouteOptions[] = [];
    app.decorate('routeTable', routes);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await app.register(swagger, {
      openapi: OPENAPI_BASE as never,
      transform: documentRoute as never,
      transformObject: (document) =>
        ('openapiObject' in document ? nameComponents(document.openapiObject as Record<string, unknown>) : document.swaggerObject) as never,
    });
  },
  { name: 'api-contract' },
);

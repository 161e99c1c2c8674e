import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Where the browsable reference lives; its document is `{API_REFERENCE_PATH}/json`. */
export const API_REFERENCE_PATH = '/api/docs';

/**
 * The page's policy: the reference's own script and styles only (Swagger UI writes inline
 * styles), its calls to this origin, nothing may frame it.
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The browsable API reference (Swagger UI, served from the npm package: nothing is fetched from
 * elsewhere) and the OpenAPI document it shows. Public: the document is the published contract
 * (docs/openapi.json) and holds no data; trying a call out still needs a session.
 */
export async function apiReferenceRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: 'public' };
  });
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    staticCSP: CONTENT_SECURITY_POLICY,
    // The base layout: no top bar with another address to explore, nor a logo not ours.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    theme: { title: 'Caseload API reference' },
  });
}

import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { RouteOptions } from 'fastify';
import type { ApiResponse } from './api-client.ts';

// ajv-formats is CommonJS with its function as `default`: Node's ESM loader gives the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;

interface DeclaredRoute {
  route: RouteOptions;
  pattern: RegExp;
  /** Path parameters and wildcards: the fewer, the more specific (`Notes/unsigned` over `{collection}/{id}`). */
  looseness: number;
}

/**
 * Checks answers against the contract their route declares: finds the route a URL reached, takes
 * the schema it declares for the answer's status, and validates the JSON that arrived. Independent
 * of the server's own compilers: a strict validator (no coercion, no removal), so a member the
 * schema does not allow, a missing required one or a status nobody declared is a problem.
 */
export class ContractCheck {
  private readonly routes: DeclaredRoute[];
  private readonly ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: false, removeAdditional: false });
  private readonly validators = new Map<object, ValidateFunction>();

  constructor(routes: readonly RouteOptions[]) {
    addFormats(this.ajv);
    this.routes = routes
      .filter((r) => r.url.startsWith('/api/v1/'))
      .map((route) => {
        // A prefix's own route (`GET {Collection}`) is registered as `.../:collection/`; the router ignores the slash.
        const source = route.url
          .replace(/(.)\/$/, '$1')
          .split('/')
          .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        return { route, pattern: new RegExp(`^${source}$`), looseness: (route.url.match(/:|\*/g) ?? []).length };
      });
  }

  /** The route `method url` reaches, as the router would pick it (the most specific match). */
  routeOf(method: string, url: string): RouteOptions | undefined {
    const path = new URL(url).pathname;
    const matches = this.routes.filter((r) => ([] as string[]).concat(r.route.method).includes(method) && r.pattern.test(path));
    matches.sort((a, b) => a.looseness - b.looseness);
    return matches[0]?.route;
  }

  /** What is wrong with this answer by its route's contract, one sentence each (none: it keeps it). */
  problems(method: string, url: string, response: ApiResponse): string[] {
    const route = this.routeOf(method, url);
    const call = `${method} ${new URL(url).pathname} → ${response.status}`;
    if (!route) return [`${call}: no route declares this call.`];
    const responses = (route.schema as { response?: Record<string, Record<string, unknown>> } | undefined)?.response ?? {};
    const declared = responses[String(response.status)];
    if (!declared) return [`${call}: ${route.url} does not declare the status ${response.status}.`];
    if (declared.content !== undefined) return []; // a file (PDF, CSV, bytes): described, not JSON
    if (declared.type === 'null') return response.text === '' ? [] : [`${call}: declared empty, answered ${response.text.slice(0, 80)}.`];
    if (!(response.headers.get('content-type') ?? '').includes('application/json'))
      return [`${call}: declared JSON, answered ${response.headers.get('content-type')}.`];
    let validate = this.validators.get(declared);
    if (!validate) {
      validate = this.ajv.compile(declared);
      this.validators.set(declared, validate);
    }
    if (validate(response.body)) return [];
    return (validate.errors ?? []).map((e) => `${call}: ${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`);
  }
}

import type { RouteOptions } from 'fastify';

/** What a route's schema must say to count as its contract (docs/api.md, "Contracts"). */
interface ContractSchema {
  hide?: boolean;
  operationId?: string;
  summary?: string;
  tags?: string[];
  params?: { properties?: Record<string, unknown> };
  response?: Record<string, unknown>;
}

const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/**
 * The problems with the routes' contracts, one sentence each (none: every route keeps it). Every
 * API route names its operation, declares each path parameter and each status it answers (a
 * success and the errors); anything else is not an API call and is hidden from the reference.
 * HEAD routes are Fastify's own twins of the GET routes.
 */
export function routeContractProblems(routes: readonly RouteOptions[]): string[] {
  const problems: string[] = [];
  const operations = new Map<string, string>();
  for (const route of routes) {
    const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD');
    if (methods.length === 0) continue;
    const name = `${methods.join(',')} ${route.url}`;
    const schema = (route.schema ?? {}) as ContractSchema;
    if (!route.url.startsWith('/api/v1/')) {
      if (schema.hide !== true) problems.push(`${name} is not an API call but is not hidden from the reference.`);
      continue;
    }
    if (schema.hide) problems.push(`${name} is hidden from the reference.`);
    if (!schema.operationId) problems.push(`${name} has no operationId.`);
    else if (operations.has(schema.operationId)) problems.push(`${name} repeats the operationId of ${operations.get(schema.operationId)}.`);
    else operations.set(schema.operationId, name);
    if (!schema.summary) problems.push(`${name} has no summary.`);
    if (!schema.tags?.length) problems.push(`${name} has no tag.`);
    const declared = Object.keys(schema.params?.properties ?? {});
    for (const param of pathParams(route.url)) {
      if (!declared.includes(param)) problems.push(`${name} does not declare its path parameter ${param}.`);
    }
    for (const param of declared) {
      if (!pathParams(route.url).includes(param)) problems.push(`${name} declares ${param}, which is not in its path.`);
    }
    const statuses = Object.keys(schema.response ?? {});
    if (!statuses.some((s) => /^2\d\d$/.test(s))) problems.push(`${name} declares no success status.`);
    if (!statuses.some((s) => /^[45]\d\d$/.test(s))) problems.push(`${name} declares no error status.`);
    for (const status of statuses) {
      if (!/^[1-5]\d\d$/.test(status)) problems.push(`${name} declares the status ${status}; name each status.`);
    }
  }
  return problems;
}

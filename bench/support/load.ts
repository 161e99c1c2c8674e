import autocannon from 'autocannon';

/** One request of a workload, built fresh for every send. */
export interface OutgoingRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sees this request's answer; autocannon keeps one request in flight per connection. */
  onResponse?: (status: number, body: string) => void;
}

/** Picks the next request; called once per request on whichever connection is free. */
export type Workload = () => OutgoingRequest;

export interface LoadFigures {
  /** Responses received, whatever their status. */
  responses: number;
  /** Successful (2xx) responses per second over the whole run. */
  requestsPerSecond: number;
  /** Latency of 2xx responses in milliseconds (autocannon's resolution is 1 ms). */
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers. */
  failures: number;
  /** Non-2xx answers by status, so a failure count can be explained. */
  failureStatuses: Record<string, number>;
}

export interface LoadOptions {
  seconds?: number;
  amount?: number;
  connections: number;
  /** Sent with every request under the workload's own (the signed-in session's cookies). */
  headers?: Record<string, string>;
}

/** Drives `workload` against `url` with autocannon in this process and reduces its result. */
export async function runLoad(url: string, workload: Workload, options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
    timeout: 30,
    requests: [
      {
        // The context lives for one request cycle: it carries this request's callback to its answer.
        setupRequest: (request, context) => {
          const next = workload();
          context.onResponse = next.onResponse;
          const json: Record<string, string> = next.body !== undefined ? { 'content-type': 'application/json' } : {};
          const built = { ...request, method: next.method, path: next.path, headers: { ...options.headers, ...json, ...next.headers } };
          return next.body !== undefined ? { ...built, body: next.body } : built;
        },
        onResponse: (status, body, context) => {
          (context.onResponse as OutgoingRequest['onResponse'])?.(status, body);
        },
      },
    ],
  });
  const failureStatuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    if (!status.startsWith('2')) failureStatuses[status] = count;
  }
  return {
    responses: result['2xx'] + result.non2xx,
    requestsPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    failureStatuses,
  };
}

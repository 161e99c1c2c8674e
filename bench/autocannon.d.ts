// The slice of autocannon 8's programmatic API the benchmarks use; the package ships no types.
declare module 'autocannon' {
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  interface Request extends RequestParams {
    /** Called per request with the connection's context; returns what to send. */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    /** Called with the same context object the request was built with. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    requests?: Request[];
  }

  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }

  interface Result {
    duration: number;
    latency: Histogram;
    requests: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

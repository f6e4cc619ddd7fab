declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Requests in turn; `setupRequest` may change each one before it is sent (bench/selling.ts). */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    }[];
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    errors: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  namespace autocannon {
    export type { Options, Request, Result };
  }
  export default autocannon;
}

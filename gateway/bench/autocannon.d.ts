// autocannon ships no types: the part of its API the bench and the reliability suite use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    /** Answers by status code: `{ '200': { count: 123 } }`. */
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Seconds a request may take before it counts as a timeout (default 10). */
    timeout?: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}

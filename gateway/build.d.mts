/** Node flags the gateway runs with in production (see build.mjs). */
export declare const GATEWAY_NODE_FLAGS: string[];
/** Bundles the gateway into `outfile` (a path under gateway/; default: dist/server.mjs). */
export function bundle(outfile?: string): Promise<void>;

/** Node flags the gateway runs with in production (see build.mjs). */
export declare const GATEWAY_NODE_FLAGS: string[];
/** The dependencies the bundle leaves in node_modules, which the image ships (see build.mjs). */
export declare const EXTERNAL: string[];
/** Bundles the gateway into `outfile` (a path under gateway/; default: dist/server.mjs). */
export function bundle(outfile?: string): Promise<void>;

/** Node flags the gateway runs with in production (see build.mjs). */
export declare const GATEWAY_NODE_FLAGS: string[];

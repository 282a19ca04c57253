/** The production Node's version, as pinned in this package's dependencies. */
export declare const productionNodeVersion: string;
/** The path of the production Node's binary; throws if the install did not fetch it. */
export declare function productionNodeBinary(): string;

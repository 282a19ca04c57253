import { type Plugin, runnerImport } from 'vite';

/**
 * Keeps the contract's validators out of the browser bundle.
 *
 * The web app needs the portal contract at run time only for each route's
 * method, path and declared statuses; its zod schemas (with libphonenumber and
 * ibantools behind them) are for the servers, which validate every request
 * and answer. So `virtual:portal-api` is the contract's route table, computed
 * at build time from `@portal/contract` and typed as `PortalApi`
 * (`src/portal-api.d.ts`), which the real `@ts-rest/core` client reads like
 * the contract itself (method, path, statuses without a body). Tests import
 * the contract whole.
 */

const VIRTUAL = 'virtual:portal-api';
const RESOLVED = `\0${VIRTUAL}`;

interface RouteLike {
  method: string;
  path: string;
  contentType?: string;
  responses: Record<string, unknown>;
}

const isRoute = (v: object): v is RouteLike => 'method' in v && 'path' in v;

/**
 * The route table as JavaScript source: `r('DELETE /api/token', [204])` per
 * route, with the statuses that carry no body (`c.noBody()`). The browser's
 * client sends JSON only; another content type fails the build.
 */
function routeTable(router: object): string {
  const entries = Object.entries(router).map(([key, value]: [string, object]) => {
    if (!isRoute(value)) return `${JSON.stringify(key)}: ${routeTable(value)}`;
    if (value.contentType && value.contentType !== 'application/json') {
      throw new Error(`${value.method} ${value.path}: the web client sends JSON only`);
    }
    const noBody = Object.entries(value.responses)
      .filter(([, schema]) => typeof schema === 'symbol')
      .map(([status]) => status);
    const spec = JSON.stringify(`${value.method} ${value.path}`);
    return `${JSON.stringify(key)}: r(${spec}${noBody.length ? `, [${noBody.join(', ')}]` : ''})`;
  });
  return `{ ${entries.join(', ')} }`;
}

const ROUTE_HELPER = `const r = (spec, noBody = []) => {
  const [method, path] = spec.split(' ');
  return { method, path, responses: Object.fromEntries(noBody.map((s) => [s, ContractNoBody])) };
};`;

export function portalApiPlugin(): Plugin {
  let test = false;
  let root = process.cwd();
  return {
    name: 'portal-api',
    enforce: 'pre',
    configResolved(config) {
      test = config.mode === 'test' || !!process.env.VITEST;
      root = config.root;
    },
    resolveId(source) {
      return source === VIRTUAL ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      if (test) return `export { portalApi } from '@portal/contract';`;
      const { module, dependencies } = await runnerImport<{ portalApi: object }>(
        '@portal/contract',
        { root, configFile: false, logLevel: 'error' },
      );
      for (const file of dependencies) this.addWatchFile(file);
      return [
        `import { ContractNoBody } from '@ts-rest/core';`,
        ROUTE_HELPER,
        `export const portalApi = ${routeTable(module.portalApi)};`,
      ].join('\n');
    },
  };
}

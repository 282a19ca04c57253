/** The portal contract's route table for the browser (see `scripts/portal-api-plugin.ts`). */
declare module 'virtual:portal-api' {
  export const portalApi: import('@portal/contract').PortalApi;
}

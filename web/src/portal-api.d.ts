/** The portal contract's route table for the browser (built by `web/scripts/contract-routes.ts`). */
declare module 'virtual:portal-api' {
  export const portalApi: import('@portal/contract').PortalApi;
}

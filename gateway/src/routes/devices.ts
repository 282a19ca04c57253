import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { sessionRefused, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { sessionEvent } from '../security-events';
import { passThrough } from './pass-through';

/**
 * Trusted devices: the upstream knows which device is this browser's by the
 * device id the gateway forwards with every call; the list names devices by
 * an opaque id only.
 */
export const devicesRoutes: RouterImplementation<typeof portalApi.devices> = {
  listTrustedDevices: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).devices.listTrustedDevices({ extraHeaders: headers });
    if (res.status === 401) sessionRefused(request, reply);
    return res;
  },
  deleteTrustedDevice: async ({ params, request }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).devices.deleteTrustedDevice({
      params,
      extraHeaders: headers,
    });
    if (res.status === 204) await sessionEvent(request, 'device.forgotten', { scope: 'one' });
    return res;
  },
  deleteAllTrustedDevices: async ({ request }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).devices.deleteAllTrustedDevices({
      extraHeaders: headers,
    });
    if (res.status === 204) await sessionEvent(request, 'device.forgotten', { scope: 'all' });
    return res;
  },
};

/** The e-mail notices the account gets (Profile → Notifications). */
export const notificationsRoutes: RouterImplementation<typeof portalApi.notifications> = {
  getNotificationSettings: passThrough((api, _args, extraHeaders) =>
    api.notifications.getNotificationSettings({ extraHeaders }),
  ),
  updateNotificationSettings: passThrough((api, { body }, extraHeaders) =>
    api.notifications.updateNotificationSettings({ body, extraHeaders }),
  ),
};

import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { bearerToken } from '../auth-header';
import {
  listTrustedDevices,
  notificationSettings,
  untrustAllDevices,
  untrustDevice,
  updateNotificationSettings,
} from '../domain/devices';
import { currentSession, UNAUTHENTICATED } from '../domain/sessions';
import type { Store } from '../store';
import { sessionInfo } from './auth';

export function devicesRoutes(store: Store): RouterImplementation<typeof accountApi.devices> {
  return {
    listTrustedDevices: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      const devices = listTrustedDevices(store, current.account.id, sessionInfo(request).deviceId);
      return { status: 200, body: { devices } };
    },
    deleteTrustedDevice: async ({ request, params }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      if (!untrustDevice(store, current, params.id)) {
        return { status: 404, body: { code: 'not_found', message: 'No such trusted device.' } };
      }
      return { status: 204, body: undefined };
    },
    deleteAllTrustedDevices: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      untrustAllDevices(store, current);
      return { status: 204, body: undefined };
    },
  };
}

export function notificationsRoutes(
  store: Store,
): RouterImplementation<typeof accountApi.notifications> {
  return {
    getNotificationSettings: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      return { status: 200, body: notificationSettings(store, current.account.id) };
    },
    updateNotificationSettings: async ({ request, body }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      return { status: 200, body: updateNotificationSettings(store, current.account.id, body) };
    },
  };
}

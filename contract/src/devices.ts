import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';
import { RowId } from './fields';
import { deviceAndPlace } from './sessions';

/**
 * Trusted devices: the devices on which "trust this device" was ticked, so
 * that signing in there skips MFA (docs/threat-model.md, 1. Password; what a
 * device is: docs/decisions/0001-device-cookie.md). A device is named by an
 * opaque `id`, never by the device id the upstream keys it on.
 */
export const TrustedDevice = z.object({
  id: z.number().int(),
  ...deviceAndPlace,
  /**
   * What the address alone tells when no city is known (no geolocation
   * lookup): this machine (`local`) or a private network (`private`).
   */
  network: z.enum(['local', 'private']).nullable(),
  /** ISO date-times: when it was trusted, when a sign-in last skipped MFA on it. */
  trusted_since: z.string(),
  last_used: z.string(),
  /** The device of this very request. */
  current: z.boolean(),
});
export type TrustedDevice = z.infer<typeof TrustedDevice>;

export const TrustedDeviceList = z.object({ devices: z.array(TrustedDevice) });

/**
 * Which notices the account gets by e-mail. `new_device_sign_in`: an e-mail
 * naming the device, place and time whenever a device the account has not
 * used before signs in (docs/threat-model.md, each door's "New-device alert").
 * On by default.
 */
export const NotificationSettings = z.object({
  new_device_sign_in: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** A change of one or more settings; at least one is named. */
export const NotificationSettingsUpdate = z
  .strictObject({ new_device_sign_in: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Name at least one setting (new_device_sign_in).',
  });

export const devicesAccount = c.router({
  listTrustedDevices: {
    method: 'GET',
    path: '/trusted-devices',
    summary: 'Devices that skip MFA at sign-in ("trust this device"), most recently used first',
    responses: { 200: TrustedDeviceList, 401: ErrorBody },
  },
  deleteTrustedDevice: {
    method: 'DELETE',
    path: '/trusted-devices/:id',
    summary:
      'Stop trusting one device (its next sign-in asks for MFA again); 404 when it is not one of yours; history `device_untrusted`',
    pathParams: RowId,
    body: c.noBody(),
    responses: { 204: c.noBody(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  },
  deleteAllTrustedDevices: {
    method: 'DELETE',
    path: '/trusted-devices',
    summary: 'Stop trusting every device of the user; history `devices_untrusted_all`',
    body: c.noBody(),
    responses: { 204: c.noBody(), 401: ErrorBody },
  },
});

export const notificationsAccount = c.router({
  getNotificationSettings: {
    method: 'GET',
    path: '/user/notifications',
    summary: 'The e-mail notices the user gets (new-device sign-in alert)',
    responses: { 200: NotificationSettings, 401: ErrorBody },
  },
  updateNotificationSettings: {
    method: 'PATCH',
    path: '/user/notifications',
    summary: 'Switch e-mail notices on or off; 400 naming the field on bad input',
    body: NotificationSettingsUpdate,
    responses: { 200: NotificationSettings, 400: ErrorBody, 401: ErrorBody },
  },
});

/** The portal API of these domains: the same calls under /api (no token, no device id in them). */
export const devicesPortal = devicesAccount;
export const notificationsPortal = notificationsAccount;

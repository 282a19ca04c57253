import { useMutation } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';

/** Asks an administrator for access (`POST /partner/access-request`); 409: it is there already. */
export const useRequestAccess = () =>
  useMutation({
    mutationFn: (message: string) =>
      answerOrThrow(api.partner.requestAccess({ body: { message } })),
  });

/**
 * Links the workplace login waiting in this browser's flow to an existing
 * account proven by its password (`POST /user/link-account`): linked, or the
 * account's second factor first (the sign-in's MFA page to go on at).
 */
export const useLinkAccount = () =>
  useMutation({
    mutationFn: (body: { username: string; password: string; captcha?: string }) =>
      answerOrThrow(api.partner.linkAccount({ body })),
  });

import { useMutation } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';

/** The body of the address-hash sign-in, as the client takes it. */
type HashSignInBody = Parameters<typeof api.auth.loginByHash>[0]['body'];

/**
 * Signs in with the token a first-party app put in the address hash
 * (`POST /token/hash`; the gateway sets the cookie). Signed in to another
 * account already, the gateway asks first (409, both accounts named) unless
 * `switch_account` says so: that question is answered, not thrown.
 */
export const useHashSignIn = () =>
  useMutation({
    mutationFn: async (body: HashSignInBody) => {
      const res = await api.auth.loginByHash({ body });
      if (res.status === 409) return { otherAccount: res.body };
      return (await answerOrThrow(res)).body;
    },
  });

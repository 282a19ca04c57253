import { useMutation } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';

/** The body of the address-hash sign-in, as the client takes it. */
type HashSignInBody = Parameters<typeof api.auth.loginByHash>[0]['body'];

/**
 * Signs in with the token a first-party app put in the address hash
 * (`POST /token/hash`; the gateway sets the cookie). Unconfirmed, the gateway
 * only reads the token and asks (409, the incoming account named, and the
 * current one when signed in to another): that question is answered, not
 * thrown. `confirmed` is the visitor's answer.
 */
export const useHashSignIn = () =>
  useMutation({
    mutationFn: async (body: HashSignInBody) => {
      const res = await api.auth.loginByHash({ body });
      if (res.status === 409) return { question: res.body };
      return (await answerOrThrow(res)).body;
    },
  });

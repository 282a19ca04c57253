import type { MfaMethod, SetupRequest, SetupStarted, User } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answerOrThrow, api, queryKeys, type Sender, sendAtOnce, sentOrThrow } from './api';
import { useContactFormat } from './phone';
import { tsr } from './tsr';

/**
 * The user's MFA methods (`GET /mfa/methods`), read by the step-up, the
 * security and profile screens and the MFA setup: one query under one key,
 * so that a change anywhere refreshes them all.
 */
export const useMfaMethods = (options: { enabled?: boolean; staleTime?: number } = {}) =>
  tsr.mfa.listMethods.useQuery({
    queryKey: queryKeys.mfaMethods,
    queryData: { query: {} },
    ...options,
  });

/** The methods a user sees and manages (the recovery keys have their own screen). */
export const visibleMethods = (methods: readonly MfaMethod[]) =>
  methods
    .filter((m) => m.id > 0 && m.method !== 'totpRecovery')
    .sort((a, b) => Number(b.primary) - Number(a.primary));

/** Unused recovery keys (docs/product.md part 3: used_at null). */
export const unusedRecoveryKeys = (user: User) =>
  user.totpRecovery.filter((k) => k.used_at === null).length;

/**
 * After a change of methods or contacts: the methods and the user (its
 * contacts and MFA flags) are read again, for every screen that shows them.
 */
export function useRefreshMethods() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.mfaMethods }),
      queryClient.invalidateQueries({ queryKey: queryKeys.user }),
    ]);
}

/**
 * Sets up a method (`POST /mfa`, through `run`: the step-up in place, or at
 * once): an e-mail or SMS code goes out, or the authenticator app's secret
 * comes back. Answers null when the user closed the step-up.
 */
export const useSetupMethod = (run: Sender) =>
  useMutation({
    mutationFn: (body: SetupRequest) => sentOrThrow(run, () => api.mfa.setupMethod({ body })),
  });

/**
 * A change of the methods or contacts (`send`, through `run`: the step-up in
 * place, or at once), after which they and the user are read again. Answers
 * null when the user closed the step-up.
 */
export function useMethodsChange<V, A extends { status: number; body: unknown }>(
  run: Sender,
  send: (variables: V) => Promise<A>,
) {
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: (variables: V) => sentOrThrow(run, () => send(variables)),
    onSuccess: async (res) => {
      if (res) await refresh();
    },
  });
}

/**
 * Makes a method the default one, asked first at login (`POST
 * /mfa/switch-primary/:id`, through the step-up; the API calls it "primary",
 * the texts "default method": docs/glossary.md).
 */
export const useSwitchPrimary = (run: Sender) =>
  useMethodsChange(run, (m: MfaMethod) => api.mfa.switchPrimary({ params: { id: m.id } }));

/**
 * A method named in a sentence: "E-mail emma@example.be", "Text message (SMS)
 * +32 470 00 00 01", "Authenticator app", its address or number shown as on
 * every screen.
 */
export function useMethodName(): (method: MfaMethod) => string {
  const { t } = useTranslation();
  const show = useContactFormat();
  return (m) => `${t(`account.mfa.kind.${m.method}`)}${m.target ? ` ${show(m.target)}` : ''}`;
}

/** Confirms a method being set up with its code (`POST /mfa/activate`). */
export const useActivateMethod = () =>
  useMethodsChange(sendAtOnce, (body: { payload: string; code: string }) =>
    api.mfa.activate({ body }),
  );

/** A new code for a method being set up (`GET /mfa/:id/activate`); 204: nothing to confirm. */
export const useResendActivation = () =>
  useMutation({
    mutationFn: (setup: Pick<SetupStarted, 'id' | 'target'>) =>
      answerOrThrow(
        api.mfa.startActivation({
          params: { id: setup.id },
          query: { target: setup.target ?? undefined },
        }),
      ),
  });

/**
 * Ten new recovery keys (`POST /mfa/regenerate-recovery`, through `run`), the
 * old ones void; the user (its count of unused keys) is read again.
 */
export function useRegenerateRecoveryKeys(run: Sender = sendAtOnce) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sentOrThrow(run, () => api.mfa.regenerateRecovery({})),
    onSuccess: async (res) => {
      if (res) await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}

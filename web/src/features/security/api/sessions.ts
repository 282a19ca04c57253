import type { Session, TrustedDevice } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api, goneOrThrow } from '../../../lib/api';

/** Query keys of the security screens (MFA methods are the shared `queryKeys.mfaMethods`). */
export const securityKeys = {
  sessions: ['sessions'] as const,
  history: ['history'] as const,
  trustedDevices: ['trusted-devices'] as const,
};

/** The user's signed-in devices (`GET /sessions`). */
export const sessionsQuery = queryOptions({
  queryKey: securityKeys.sessions,
  queryFn: ({ signal }) => answerOrThrow(api.sessions.listSessions({ fetchOptions: { signal } })),
});

/** The security history, its latest 100 events (`GET /history`). */
export const historyQuery = queryOptions({
  queryKey: securityKeys.history,
  queryFn: ({ signal }) =>
    answerOrThrow(api.sessions.listHistory({ query: { limit: 100 }, fetchOptions: { signal } })),
});

/** The devices that skip MFA (`GET /trusted-devices`; docs/flows.md, Second factor, step 6). */
export const trustedDevicesQuery = queryOptions({
  queryKey: securityKeys.trustedDevices,
  queryFn: ({ signal }) =>
    answerOrThrow(api.devices.listTrustedDevices({ fetchOptions: { signal } })),
});

/**
 * Ends these sessions (`DELETE /sessions/:id` each; one that is gone already
 * counts as ended), all of them tried before a failure is thrown.
 */
async function endSessions(sessions: readonly Session[]) {
  const ends = await Promise.allSettled(
    sessions.map((s) => goneOrThrow(api.sessions.deleteSession({ params: { id: s.id } }))),
  );
  const failed = ends.find((end) => end.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Logs out the sessions of one device; the list is read again. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { device: string; sessions: Session[] }) => endSessions(target.sessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

/** Global logout (`DELETE /sessions`): every session ends, this one included. */
export const useEndAllSessions = () =>
  useMutation({
    mutationFn: () => answerOrThrow(api.sessions.deleteAllSessions({})),
  });

/**
 * Stops trusting one device or all of them (`DELETE /trusted-devices[/:id]`;
 * one that is gone already is as good as no longer trusted); the list and the
 * history are read again.
 */
export function useStopTrusting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: TrustedDevice | 'all') =>
      target === 'all'
        ? answerOrThrow(api.devices.deleteAllTrustedDevices({}))
        : goneOrThrow(api.devices.deleteTrustedDevice({ params: { id: target.id } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: securityKeys.trustedDevices });
      await queryClient.invalidateQueries({ queryKey: securityKeys.history });
    },
  });
}

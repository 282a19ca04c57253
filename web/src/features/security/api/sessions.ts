import { tsr } from '../../../lib/tsr';

/** Query keys of the security screens (MFA methods are the shared `queryKeys.mfaMethods`). */
export const securityKeys = {
  sessions: ['sessions'] as const,
  history: ['history'] as const,
  trustedDevices: ['trusted-devices'] as const,
};

/** The user's signed-in devices (`GET /sessions`). */
export const useSessions = () =>
  tsr.sessions.listSessions.useQuery({ queryKey: securityKeys.sessions });

/** The security history, its latest 100 events (`GET /history`). */
export const useHistory = () =>
  tsr.sessions.listHistory.useQuery({
    queryKey: securityKeys.history,
    queryData: { query: { limit: 100 } },
  });

/** The devices that skip MFA (`GET /trusted-devices`, issue 16). */
export const useTrustedDevices = () =>
  tsr.devices.listTrustedDevices.useQuery({ queryKey: securityKeys.trustedDevices });

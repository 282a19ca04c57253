import { api } from './api';

/** The registered name of the partner app a sign-in is for, or null when it has none or the gateway does not answer. */
export async function partnerName(client: string): Promise<string | null> {
  if (!/^\d{1,9}$/.test(client)) return null;
  try {
    const res = await api.grants.clientName({ params: { client_id: client } });
    return res.status === 200 ? res.body.name : null;
  } catch {
    return null;
  }
}

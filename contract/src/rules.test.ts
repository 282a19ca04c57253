import { describe, expect, it } from 'vitest';
import { FIRST_PARTY_CLIENT_IDS, isFirstPartyClient, isPartnerClient } from './grants';
import { isWeakPasswordStatus } from './rules';

describe('the rules the gateway, the mock and the web app share', () => {
  it('calls a password weak for password_status 1 and 2 only', () => {
    expect([0, 1, 2, 3, undefined].map(isWeakPasswordStatus)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('tells the portal and the first-party apps from a partner', () => {
    expect(isFirstPartyClient(null)).toBe(true);
    for (const id of FIRST_PARTY_CLIENT_IDS) {
      expect(isFirstPartyClient(id)).toBe(true);
      expect(isPartnerClient(String(id))).toBe(false);
    }
    expect(isFirstPartyClient(101)).toBe(false);
    expect(isPartnerClient(101)).toBe(true);
  });
});

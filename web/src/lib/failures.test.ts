import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToSetup } from './failures';
import { leave } from './sign-in-flow';

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('a call refused with 403 mfa_setup_required', () => {
  it('leaves for the setup with the page as its target', () => {
    const to = vi.spyOn(leave, 'to').mockImplementation(() => {});
    window.history.replaceState(null, '', '/security/history?page=2');
    goToSetup();
    expect(to).toHaveBeenCalledWith('/setup-mfa?redirect=%2Fsecurity%2Fhistory%3Fpage%3D2');
  });

  it('stays on a page of the setup itself (its screen says the refusal): no loop', () => {
    const to = vi.spyOn(leave, 'to').mockImplementation(() => {});
    window.history.replaceState(null, '', '/setup-mfa/selection');
    goToSetup();
    expect(to).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { deviceNames } from './passkey-name';

describe('a new passkey is named after the device', () => {
  it('reads the browser and the system of common user agents', () => {
    const chromeLinux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    expect(deviceNames({ userAgent: chromeLinux })).toEqual({ browser: 'Chrome', os: 'Linux' });
    const safariIphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
    expect(deviceNames({ userAgent: safariIphone })).toEqual({ browser: 'Safari', os: 'iOS' });
    const edgeWindows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0';
    expect(deviceNames({ userAgent: edgeWindows })).toEqual({ browser: 'Edge', os: 'Windows' });
  });

  it('prefers the client hints platform, and says nothing it does not know', () => {
    expect(
      deviceNames({ userAgent: 'Chrome/130.0', userAgentData: { brands: [], platform: 'macOS' } }),
    ).toEqual({ browser: 'Chrome', os: 'macOS' });
    expect(deviceNames({ userAgent: 'curl/8' })).toEqual({ browser: null, os: null });
  });
});

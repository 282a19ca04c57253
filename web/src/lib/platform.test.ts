import { describe, expect, it } from 'vitest';
import { platformOf } from './platform';

describe('platformOf (docs/product.md part 2: the sign-in title follows the target platform)', () => {
  it('reads the employee area, the client area and the administration from the redirect_uri', () => {
    expect(platformOf('https://my.example.be/cb')).toBe('employee');
    expect(platformOf('http://portal.example.be:8003/cb')).toBe('employee');
    expect(platformOf('https://client.example.be/cb')).toBe('client');
    expect(platformOf('http://portal.example.be:8004/cb')).toBe('client');
    expect(platformOf('https://admin.example.be/cb')).toBe('administration');
    expect(platformOf('http://portal.example.be:8005/cb')).toBe('administration');
  });
  it('anything else, or no redirect_uri, is the default', () => {
    expect(platformOf('https://shop.example.com/cb')).toBe('default');
    expect(platformOf(null)).toBe('default');
    expect(platformOf('not a url')).toBe('default');
  });
});

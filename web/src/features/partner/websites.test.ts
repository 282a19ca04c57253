import { describe, expect, it } from 'vitest';
import { websitesOf } from './websites';

describe('website access chooser', () => {
  it('offers the deals site on the Belgian variant only, when it is switched on', () => {
    expect(websitesOf('be', true)).toEqual([
      'client_area',
      'administration',
      'employee_area',
      'deals',
    ]);
    expect(websitesOf('be', false)).not.toContain('deals');
  });

  it('offers the Luxembourg employee site, and no deals site, on the Luxembourg variant', () => {
    expect(websitesOf('lu', true)).toEqual([
      'client_area',
      'administration',
      'employee_area',
      'lu_employee',
    ]);
  });
});

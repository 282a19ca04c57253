import type { Variant } from '@portal/contract';

/**
 * The sites a user may need access to (docs/product.md part 2, website access chooser).
 * The deals site is not offered on the Luxembourg variant (docs/product.md part 1), and
 * the Luxembourg employee site only there.
 */
export const WEBSITES = [
  'client_area',
  'administration',
  'employee_area',
  'deals',
  'lu_employee',
] as const;
export type Website = (typeof WEBSITES)[number];

export function websitesOf(variant: Variant, dealsSite: boolean): Website[] {
  return WEBSITES.filter((site) => {
    if (site === 'deals') return variant === 'be' && dealsSite;
    if (site === 'lu_employee') return variant === 'lu';
    return true;
  });
}

export const isWebsite = (value: string | null): value is Website =>
  (WEBSITES as readonly string[]).includes(value ?? '');

/** The provider's page for companies that want to offer vouchers ("become a customer"). */
export const BECOME_CUSTOMER_URL: Record<Variant, string> = {
  be: 'https://www.example.be/become-a-customer',
  lu: 'https://www.example.lu/become-a-customer',
};

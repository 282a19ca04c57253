/** The linked services of the dashboard (docs/product.md part 1) and where each one lives, per variant. */
export type Service = 'client' | 'voucher' | 'partner' | 'deals';

const SERVICE_URLS: Record<'be' | 'lu', Record<Service, string>> = {
  be: {
    client: 'https://client.example.be/',
    voucher: 'https://my.example.be/',
    partner: 'https://partner.example.be/',
    deals: 'https://deals.example.be/',
  },
  lu: {
    client: 'https://client.example.lu/',
    voucher: 'https://my.example.lu/',
    partner: 'https://partner.example.lu/',
    deals: 'https://deals.example.lu/',
  },
};

export const serviceUrl = (variant: 'be' | 'lu', service: Service) =>
  SERVICE_URLS[variant][service];

/**
 * The services a user reaches (docs/product.md part 1): the client area with
 * customer_user_id, the voucher area with user_id, the partner area with
 * fridom_user_id, and the deals site where the variant has it (not on LU).
 */
export function servicesOf(
  user: {
    customer_user_id: number | null;
    user_id: number | null;
    fridom_user_id: number | null;
  },
  dealsSite: boolean,
): Service[] {
  const services: Service[] = [];
  if (user.customer_user_id !== null) services.push('client');
  if (user.user_id !== null) services.push('voucher');
  if (user.fridom_user_id !== null) services.push('partner');
  if (dealsSite) services.push('deals');
  return services;
}

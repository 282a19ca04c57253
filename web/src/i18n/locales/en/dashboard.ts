/** Texts of the dashboard: the welcome and the linked services. */
export const dashboard = {
  welcome: 'Welcome, {{firstname}}',
  intro: 'Where would you like to go today?',
  services: 'Your services',
  none: 'No service is linked to your account yet.',
  open: 'Open {{platform}}',
  leaving: 'Taking you to the site that asked for your login…',
  refused: 'We did not open the requested site: it is not one of our partners.',
  platforms: {
    client: 'Client area',
    clientText: 'Orders, invoices and your company’s benefits.',
    voucher: 'My vouchers',
    voucherText: 'Your balance, your cards and your transactions.',
    partner: 'Partner area',
    partnerText: 'Your shop, its payments and its reports.',
    deals: 'Deals',
    dealsText: 'Discounts from our partners near you.',
  },
} as const;

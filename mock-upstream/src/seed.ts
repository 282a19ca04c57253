import type { Region } from './store';

export const DEMO_PASSWORD = 'Portal-Demo-2026!';

export interface SeedAccount {
  email: string[];
  phone: string[];
  firstname: string;
  lastname: string;
  language: 'en' | 'fr' | 'nl' | 'de';
  user_id: number | null;
  customer_user_id: number | null;
  fridom_user_id: number | null;
  password_status: number;
  mfa_forced: boolean;
  mfa_customer: boolean;
  has_sso: boolean;
}

const base: SeedAccount = {
  email: [],
  phone: [],
  firstname: '',
  lastname: '',
  language: 'en',
  user_id: null,
  customer_user_id: null,
  fridom_user_id: null,
  password_status: 0,
  mfa_forced: false,
  mfa_customer: false,
  has_sso: false,
};

/** DESIGN.md's demo table, per region. */
export function seedAccounts(region: Region): SeedAccount[] {
  if (region === 'lu') {
    return [
      {
        ...base,
        email: ['marie@example.lu'],
        phone: ['+352621000001'],
        firstname: 'Marie',
        lastname: 'Schmit',
        language: 'fr',
        user_id: 9001,
      },
    ];
  }
  return [
    {
      ...base,
      email: ['employee@example.be'],
      phone: ['+32470000001'],
      firstname: 'Emma',
      lastname: 'Peeters',
      language: 'nl',
      user_id: 1001,
    },
  ];
}

import type { CardRow, ClientRow, MfaKind, Region } from './store';

/** Every demo account's password (README, Demo accounts). */
export const DEMO_PASSWORD = 'Portal-Demo-2026!';
/** totp@example.be's authenticator secret. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const DEMO_RECOVERY_KEYS = Array.from(
  { length: 10 },
  (_, i) => `RECOVERY${String(i + 1).padStart(2, '0')}`,
);

export interface SeedAccount {
  email: string[];
  phone: string[];
  firstname: string;
  lastname: string;
  birthdate: string | null;
  gender: 'female' | 'male' | 'other' | null;
  language: 'en' | 'fr' | 'nl' | 'de';
  user_id: number | null;
  customer_user_id: number | null;
  fridom_user_id: number | null;
  password_status: number;
  mfa_forced: boolean;
  mfa_customer: boolean;
  has_sso: boolean;
  company: string | null;
  duplicateOf: string | null;
  iban: string | null;
  national_register_number: string | null;
  /** MFA methods, the first one primary. */
  mfa: { method: MfaKind; target: string | null; secret?: string }[];
  recoveryKeys: string[];
}

const base: SeedAccount = {
  email: [],
  phone: [],
  firstname: '',
  lastname: '',
  birthdate: null,
  gender: null,
  language: 'en',
  user_id: null,
  customer_user_id: null,
  fridom_user_id: null,
  password_status: 0,
  mfa_forced: false,
  mfa_customer: false,
  has_sso: false,
  company: null,
  duplicateOf: null,
  iban: null,
  national_register_number: null,
  mfa: [],
  recoveryKeys: [],
};

const byEmailAndSms = (email: string, phone: string) => [
  { method: 'email' as const, target: email },
  { method: 'sms' as const, target: phone },
];

/** The README's demo table, per region. More may be added; these must stay. */
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
        mfa: byEmailAndSms('marie@example.lu', '+352621000001'),
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
      birthdate: '1985-07-31',
      gender: 'female',
      language: 'nl',
      user_id: 1001,
      iban: 'BE68539007547034',
      national_register_number: '85073100130',
      mfa: byEmailAndSms('employee@example.be', '+32470000001'),
    },
    {
      ...base,
      email: ['totp@example.be'],
      phone: ['+32470000002'],
      firstname: 'Tom',
      lastname: 'Claes',
      user_id: 1002,
      mfa: [
        { method: 'totp', target: null, secret: DEMO_TOTP_SECRET },
        { method: 'email', target: 'totp@example.be' },
        // Recovery keys are offered as a method of their own (docs/product.md part 3, MfaKind).
        { method: 'totpRecovery', target: null },
      ],
      recoveryKeys: DEMO_RECOVERY_KEYS,
    },
    {
      ...base,
      email: ['customer@example.be'],
      phone: ['+32470000003'],
      firstname: 'Chloé',
      lastname: 'Dubois',
      language: 'fr',
      customer_user_id: 2001,
      mfa_customer: true,
    },
    {
      ...base,
      email: ['forced@example.be'],
      phone: ['+32470000004'],
      firstname: 'Finn',
      lastname: 'Janssens',
      user_id: 1004,
      mfa_forced: true,
    },
    {
      ...base,
      email: ['weak@example.be'],
      phone: ['+32470000005'],
      firstname: 'Wout',
      lastname: 'Maes',
      user_id: 1005,
      password_status: 1,
      mfa: byEmailAndSms('weak@example.be', '+32470000005'),
    },
    {
      ...base,
      email: ['duplicate@example.be'],
      phone: ['+32470000006'],
      firstname: 'Dana',
      lastname: 'Willems',
      user_id: 1006,
      duplicateOf: 'dana.willems@example.be',
      mfa: byEmailAndSms('duplicate@example.be', '+32470000006'),
    },
    {
      // The other account the duplicate merge finds (similar username).
      ...base,
      email: ['dana.willems@example.be'],
      phone: ['+32470000016'],
      firstname: 'Dana',
      lastname: 'Willems',
      customer_user_id: 2006,
      mfa: byEmailAndSms('dana.willems@example.be', '+32470000016'),
    },
    {
      ...base,
      email: ['partner@example.be'],
      phone: ['+32470000007'],
      firstname: 'Paul',
      lastname: 'Lambert',
      fridom_user_id: 3001,
      mfa: byEmailAndSms('partner@example.be', '+32470000007'),
    },
    {
      ...base,
      email: ['sso@acme.example'],
      phone: ['+32470000008'],
      firstname: 'Sara',
      lastname: 'Acker',
      user_id: 1008,
      has_sso: true,
      company: 'Acme',
      mfa: byEmailAndSms('sso@acme.example', '+32470000008'),
    },
  ];
}

/** OAuth clients: 2, 17, 51, 66 first-party; 101 a public partner; 102 misconfigured. */
export function seedClients(): ClientRow[] {
  const firstParty = (client_id: number, name: string, redirect: string): ClientRow => ({
    client_id,
    name,
    redirect_uris: [redirect],
    scopes: ['user', 'userwrite', 'balance', 'history', 'transaction'],
    public: false,
    secret: `first-party-secret-${client_id}`,
    firstParty: true,
    invalid: false,
  });
  return [
    firstParty(2, 'Client area', 'http://client.localhost:8004/callback'),
    firstParty(17, 'Employee area', 'http://my.localhost:8003/callback'),
    firstParty(51, 'Administration', 'http://admin.localhost:8005/callback'),
    firstParty(66, 'Mobile app', 'http://app.localhost:8006/callback'),
    {
      client_id: 101,
      name: 'Partner Shop',
      redirect_uris: ['http://127.0.0.1:5555/callback'],
      scopes: ['user', 'balance'],
      public: true,
      secret: null,
      firstParty: false,
      invalid: false,
    },
    {
      client_id: 102,
      name: 'Broken Partner',
      redirect_uris: [],
      scopes: ['user'],
      public: true,
      secret: null,
      firstParty: false,
      invalid: true,
    },
  ];
}

/**
 * Cards: 0001 activates at onboarding, 0002 fails to activate after the account
 * is created; 0003 already belongs to employee@example.be (onboarding answers
 * existingAccount); 0006 is dana.willems@example.be's (claim in the duplicate
 * merge). `owner` is a login, resolved to the account id at seeding.
 */
export function seedCards(region: Region): (CardRow & { owner?: string })[] {
  if (region === 'lu') return [];
  return [
    {
      number: '5065000000000001',
      state: 'unactivated',
      accountId: null,
      holderEmail: 'new.employee@example.be',
    },
    {
      number: '5065000000000002',
      state: 'fails',
      accountId: null,
      holderEmail: 'second.employee@example.be',
    },
    {
      number: '5065000000000003',
      state: 'activated',
      accountId: null,
      owner: 'employee@example.be',
    },
    {
      number: '5065000000000006',
      state: 'activated',
      accountId: null,
      owner: 'dana.willems@example.be',
    },
  ];
}

/** Invitation codes (BE) and activation codes (LU). */
export function seedCodes(region: Region): string[] {
  return region === 'lu' ? ['LU-ACT-0001'] : ['WELCOME2026'];
}

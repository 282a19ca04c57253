import { account } from './account';
import { common } from './common';
import { dashboard } from './dashboard';
import { data } from './data';
import { devices } from './devices';
import { flows } from './flows';
import { forms } from './forms';
import { legal } from './legal';
import { lockdown } from './lockdown';
import { mfa } from './mfa';
import { passkeys } from './passkeys';
import { recovery } from './recovery';
import { signin } from './signin';
import { titles } from './titles';

/** English: the source of every key. Other locales must have exactly these keys (typed). */
export const en = {
  common,
  signin,
  dashboard,
  mfa,
  recovery,
  account,
  flows,
  passkeys,
  titles,
  legal,
  devices,
  forms,
  data,
  lockdown,
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every locale has: the same keys as English, any text. */
export type Messages = Widen<typeof en>;

import type { Messages } from '../en/index';
import { account } from './account';
import { common } from './common';
import { dashboard } from './dashboard';
import { devices } from './devices';
import { flows } from './flows';
import { forms } from './forms';
import { legal } from './legal';
import { mfa } from './mfa';
import { passkeys } from './passkeys';
import { recovery } from './recovery';
import { signin } from './signin';
import { titles } from './titles';

export const fr: Messages = {
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
};

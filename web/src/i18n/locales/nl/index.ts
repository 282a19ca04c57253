import type { Messages } from '../en/index';
import { account } from './account';
import { common } from './common';
import { dashboard } from './dashboard';
import { devices } from './devices';
import { flows } from './flows';
import { mfa } from './mfa';
import { recovery } from './recovery';
import { signin } from './signin';

export const nl: Messages = { common, signin, dashboard, mfa, recovery, account, flows, devices };

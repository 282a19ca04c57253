import type { Messages } from '../en/index';
import { account } from './account';
import { common } from './common';
import { flows } from './flows';
import { signin } from './signin';

export const fr: Messages = { common, signin, account, flows };

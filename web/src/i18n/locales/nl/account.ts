import type { Messages } from '../en/index';

export const account: Messages['account'] = {};

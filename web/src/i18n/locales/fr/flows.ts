import type { Messages } from '../en/index';

export const flows: Messages['flows'] = {};

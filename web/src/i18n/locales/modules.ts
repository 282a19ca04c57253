/**
 * Every text module of the translated languages, named `<language>_<namespace>`:
 * one namespace object for `index.ts` to build each language's tree from.
 */
export * as de_account from './de/account';
export * as de_common from './de/common';
export * as de_dashboard from './de/dashboard';
export * as de_data from './de/data';
export * as de_devices from './de/devices';
export * as de_flows from './de/flows';
export * as de_forms from './de/forms';
export * as de_legal from './de/legal';
export * as de_lockdown from './de/lockdown';
export * as de_mfa from './de/mfa';
export * as de_passkeys from './de/passkeys';
export * as de_recovery from './de/recovery';
export * as de_signin from './de/signin';
export * as de_titles from './de/titles';
export * as fr_account from './fr/account';
export * as fr_common from './fr/common';
export * as fr_dashboard from './fr/dashboard';
export * as fr_data from './fr/data';
export * as fr_devices from './fr/devices';
export * as fr_flows from './fr/flows';
export * as fr_forms from './fr/forms';
export * as fr_legal from './fr/legal';
export * as fr_lockdown from './fr/lockdown';
export * as fr_mfa from './fr/mfa';
export * as fr_passkeys from './fr/passkeys';
export * as fr_recovery from './fr/recovery';
export * as fr_signin from './fr/signin';
export * as fr_titles from './fr/titles';
export * as nl_account from './nl/account';
export * as nl_common from './nl/common';
export * as nl_dashboard from './nl/dashboard';
export * as nl_data from './nl/data';
export * as nl_devices from './nl/devices';
export * as nl_flows from './nl/flows';
export * as nl_forms from './nl/forms';
export * as nl_legal from './nl/legal';
export * as nl_lockdown from './nl/lockdown';
export * as nl_mfa from './nl/mfa';
export * as nl_passkeys from './nl/passkeys';
export * as nl_recovery from './nl/recovery';
export * as nl_signin from './nl/signin';
export * as nl_titles from './nl/titles';

import { browserHeaders, completeMfa, DEMO_PASSWORD } from '@portal/gateway/test-helpers';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { deviceId } from '../../lib/device';
import { fuzzionPayload } from '../../lib/flow-state';
import { renderScreen } from '../../test/render';
import { withRealStack } from '../../test/stack';
import DuplicatedScreen from './DuplicatedScreen';
import FuzzionSuccessScreen from './FuzzionSuccessScreen';

const stack = withRealStack();
const HOST = '127.0.0.1';

/**
 * Signs duplicate@example.be in through the gateway (MFA by the outbox), as
 * the sign-in screens do: the MFA answer carries the merge's payload, which
 * the sign-in keeps for /duplicated. The page's fetch then carries the cookie.
 */
async function signInWithDuplicate(): Promise<void> {
  stack().deviceId = deviceId();
  const first = await stack().gateway.inject({
    method: 'POST',
    url: '/api/token',
    headers: browserHeaders(stack(), HOST),
    payload: { grant_type: 'password', username: 'duplicate@example.be', password: DEMO_PASSWORD },
  });
  const done = await completeMfa(stack(), first.json().mfa, HOST);
  const cookie = done.cookies.find((c) => c.name === 'access_token')?.value;
  const payload = done.json().fuzzion?.payload as string | undefined;
  if (!cookie || !payload) throw new Error(`no merge proposed: ${done.statusCode} ${done.body}`);
  fuzzionPayload.set(payload);
  const inner = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', `access_token=${cookie}`);
    return inner(input, { ...init, headers });
  };
  onTestFinished(() => {
    globalThis.fetch = inner;
  });
}

const routes = [
  { path: '/duplicated', element: <DuplicatedScreen /> },
  { path: '/fuzzion-success', element: <FuzzionSuccessScreen /> },
  { path: '/mfa/methods', element: <p>mfa methods reached</p> },
  { path: '/user/dashboard', element: <p>dashboard reached</p> },
  { path: '/security', element: <p>security reached</p> },
];

const other = () =>
  [...stack().be.store.accounts.values()].find((a) =>
    a.email.some((e) => e.value === 'dana.willems@example.be'),
  );

beforeEach(async () => {
  sessionStorage.clear();
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

async function claimWith(proof: RegExp, value: string) {
  const user = userEvent.setup();
  await renderScreen('/duplicated?method=email&target=%2Fsecurity', routes);
  expect(
    await screen.findByText(
      /another account with a similar username: d•••s@example\.be, in the client area/,
    ),
  ).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Yes, it is mine' }));
  await user.click(screen.getByLabelText(proof));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText(/Card number|Password of the client area/), value);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  return user;
}

describe('duplicate merge', () => {
  it('merges after the other account is proven by its card number, then continues to the target', async () => {
    await signInWithDuplicate();
    const user = await claimWith(/card number of that account/, '5065 0000 0000 0006');
    expect(await screen.findByRole('heading', { name: 'Merge your accounts?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Merge the accounts' }));
    expect(await screen.findByRole('heading', { name: 'Your accounts are merged' })).toBeVisible();
    // One account now: it answers to both usernames and has the client area's id.
    const merged = other();
    expect(merged?.email.map((e) => e.value).sort()).toEqual([
      'dana.willems@example.be',
      'duplicate@example.be',
    ]);
    expect(merged?.customer_user_id).toBe(2006);
    expect(
      [...stack().be.store.accounts.values()].filter((a) => a.firstname === 'Dana'),
    ).toHaveLength(1);
    // The success screen forgets the merge once it has shown (an effect, after the paint).
    await waitFor(() => expect(fuzzionPayload.get()).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('security reached')).toBeVisible();
  });

  it('keeps the accounts apart on decline: the similar username leaves the other account', async () => {
    await signInWithDuplicate();
    const user = await claimWith(/password of the client area/, DEMO_PASSWORD);
    await user.click(await screen.findByRole('button', { name: 'Keep them apart' }));
    expect(await screen.findByRole('heading', { name: 'Your accounts stay apart' })).toBeVisible();
    expect(other()).toBeUndefined();
    expect([...stack().be.store.accounts.values()].some((a) => a.customer_user_id === 2006)).toBe(
      true,
    );
  });

  it('says "The information you provided is invalid." for a wrong password, under the field', async () => {
    await signInWithDuplicate();
    await claimWith(/password of the client area/, 'not-the-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The information you provided is invalid.',
    );
    expect(screen.getByLabelText('Password of the client area')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('hands the code proof to the MFA screens with the other account’s methods, coming back here', async () => {
    await signInWithDuplicate();
    const user = userEvent.setup();
    const { router } = await renderScreen('/duplicated?target=%2Fsecurity', routes);
    await user.click(await screen.findByRole('button', { name: 'Yes, it is mine' }));
    await user.click(screen.getByLabelText(/code sent to the e-mail address or phone/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('mfa methods reached')).toBeVisible();
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('isFuzzion')).toBe('true');
    expect(query.get('redirect')).toBe('/duplicated?target=%2Fsecurity');
    const methods = JSON.parse(query.get('methods') ?? '[]') as {
      method: string;
      target: string;
    }[];
    expect(methods.map((m) => m.method).sort()).toEqual(['email', 'sms']);
    expect(methods.every((m) => m.target.includes('•••'))).toBe(true);
  });

  it('honours `method`: confirmed by SMS, the code proof is chosen and SMS is offered first', async () => {
    await signInWithDuplicate();
    const user = userEvent.setup();
    const { router } = await renderScreen('/duplicated?method=sms&target=%2Fsecurity', routes);
    await user.click(await screen.findByRole('button', { name: 'Yes, it is mine' }));
    expect(screen.getByLabelText(/code sent to the e-mail address or phone/)).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('mfa methods reached')).toBeVisible();
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('redirect')).toBe('/duplicated?target=%2Fsecurity&method=sms');
    const methods = JSON.parse(query.get('methods') ?? '[]') as { method: string }[];
    expect(methods[0]?.method).toBe('sms');
  });

  it('"It is not me" ends the merge and goes on to the target', async () => {
    await signInWithDuplicate();
    const user = userEvent.setup();
    await renderScreen('/duplicated?target=%2Fsecurity', routes);
    await user.click(await screen.findByRole('button', { name: 'It is not me' }));
    expect(await screen.findByText('security reached')).toBeVisible();
    expect(other()?.email.map((e) => e.value)).toEqual(['dana.willems@example.be']);
    // The success screen forgets the merge once it has shown (an effect, after the paint).
    await waitFor(() => expect(fuzzionPayload.get()).toBeNull());
  });

  it('shows the technical error when the merge is gone', async () => {
    await signInWithDuplicate();
    fuzzionPayload.set('a-merge-that-does-not-exist');
    await renderScreen('/duplicated', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A technical error occurred during the merging of the accounts. Try again later.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue to my account' }));
    expect(await screen.findByText('dashboard reached')).toBeVisible();
  });
});

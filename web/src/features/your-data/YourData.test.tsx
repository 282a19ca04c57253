import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import DeleteAccountScreen from './DeleteAccountScreen';
import DeletionPendingScreen from './DeletionPendingScreen';
import DeletionRequestedScreen from './DeletionRequestedScreen';
import DownloadDataScreen from './DownloadDataScreen';

const stack = withRealStack();
beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

// jsdom has no object URLs: the file the link saves is kept here to be read back.
const files = new Map<string, Blob>();
const { createObjectURL, revokeObjectURL } = URL;
beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${files.size}`;
    files.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('download your data', () => {
  it('prepares the copy, shows its summary and links the JSON file, with no secret in it', async () => {
    const token = await signedInAs(stack());
    await renderScreen('/profile/data', [
      { path: '/profile/data', element: <DownloadDataScreen /> },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByText(/Your data is ready/)).toBeInTheDocument();

    const profile = screen.getByRole('region', { name: 'Summary of your profile' });
    expect(within(profile).getByText('Emma Peeters')).toBeInTheDocument();
    expect(within(profile).getByText('employee@example.be')).toBeInTheDocument();
    expect(within(profile).getByText('BE68 5390 0754 7034')).toBeInTheDocument();
    const security = screen.getByRole('region', { name: 'Summary of your security' });
    expect(within(security).getByText('Code by e-mail')).toBeInTheDocument();
    expect(within(security).getByText('1 active session')).toBeInTheDocument();

    const link = screen.getByRole('link', { name: 'Download the file (JSON)' });
    expect(link).toHaveAttribute(
      'download',
      expect.stringMatching(/^account-data-\d{4}-\d{2}-\d{2}\.json$/),
    );
    const file = files.get(link.getAttribute('href') ?? '');
    expect(file?.type).toBe('application/json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file as Blob);
    });
    expect(JSON.parse(text).user.lastname).toBe('Peeters');
    expect(text).not.toContain(token);
    expect(text).not.toContain('Portal-Demo-2026!');
  });

  it('says when the day’s copies are used up', async () => {
    // An account of its own: the gateway counts copies by account, and a reset seed reuses ids.
    const copy = await stack().be.app.inject({
      method: 'POST',
      url: '/__dev/accounts',
      payload: { from: 'employee@example.be' },
    });
    await signedInAs(stack(), copy.json().login);
    for (let i = 0; i < 3; i++) {
      const { unmount } = await renderScreen('/profile/data', [
        { path: '/profile/data', element: <DownloadDataScreen /> },
      ]);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Prepare my data' }));
      await screen.findByText(/Your data is ready/);
      unmount();
    }
    await renderScreen('/profile/data', [
      { path: '/profile/data', element: <DownloadDataScreen /> },
    ]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have made as many copies as you can today. Try again tomorrow.',
    );
  });
});

describe('ask for deletion', () => {
  const routes = [
    { path: '/profile/delete', element: <DeleteAccountScreen /> },
    { path: '/deletion-requested', element: <DeletionRequestedScreen /> },
  ];

  it('says what it means as the account API tells it, asks for the tick, then sends and says when', async () => {
    await signedInAs(stack(), 'customer@example.be');
    await renderScreen('/profile/delete', routes);
    // customer@example.be reads French: the account API's own words, shown as told.
    expect(await screen.findByText(/Votre identifiant, votre nom/)).toBeInTheDocument();
    expect(screen.getByText(/deleted 30 days after you ask/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tick the box to confirm you understand.',
    );
    expect(stack().be.store.deletions.size).toBe(0);

    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByRole('heading', { name: 'Your account is to be deleted' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /Your account will be deleted on \w+ \d+, \d{4}|Your account will be deleted on \d+ \w+ \d{4}/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/email');
    expect(stack().be.store.deletions.size).toBe(1);
  });

  it('shows a deletion under way with "Keep my account", which cancels it', async () => {
    await signedInAs(stack(), 'customer@example.be');
    const { store } = stack().be;
    const account = [...store.accounts.values()].find((a) =>
      a.email.some((e) => e.value === 'customer@example.be'),
    );
    const now = store.clock.now();
    store.deletions.set(account?.id ?? 0, {
      requestedAt: now,
      deleteAt: now + 30 * 24 * 3600_000,
      reminded: false,
    });
    await renderScreen('/profile/delete', routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByText('Your account will not be deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /I understand/ })).toBeInTheDocument();
    expect(store.deletions.size).toBe(0);
  });
});

describe('after logging in during the grace period', () => {
  const routes = [
    { path: '/deletion-pending', element: <DeletionPendingScreen /> },
    { path: '/security', element: <h1>Security page</h1> },
    { path: '/user/dashboard', element: <h1>Dashboard page</h1> },
  ];

  /** A deletion of customer@example.be under way, as the account API keeps it. */
  function scheduled() {
    const { store } = stack().be;
    const account = [...store.accounts.values()].find((a) =>
      a.email.some((e) => e.value === 'customer@example.be'),
    );
    const now = store.clock.now();
    store.deletions.set(account?.id ?? 0, {
      requestedAt: now,
      deleteAt: now + 30 * 24 * 3600_000,
      reminded: false,
    });
    return store;
  }

  it('"Keep my account" cancels the deletion and goes on to the checked target', async () => {
    await signedInAs(stack(), 'customer@example.be');
    const store = scheduled();
    await renderScreen('/deletion-pending?target=%2Fsecurity', routes);
    expect(
      await screen.findByText(/Your account will be deleted on .*, as you asked\./),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByRole('heading', { name: 'Security page' })).toBeInTheDocument();
    expect(store.deletions.size).toBe(0);
  });

  it('"Continue" goes on with the deletion still planned; a target of another site leads to the dashboard', async () => {
    await signedInAs(stack(), 'customer@example.be');
    const store = scheduled();
    await renderScreen('/deletion-pending?target=https%3A%2F%2Fevil.example%2F', routes);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(store.deletions.size).toBe(1);
  });
});

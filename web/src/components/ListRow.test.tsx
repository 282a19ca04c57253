import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KeyRound } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ListRow, ListRows } from './ListRow';

describe('list rows', () => {
  it('makes a link row one link whose name holds the title and the secondary text', () => {
    render(
      <MemoryRouter>
        <ListRows label="Methods">
          <ListRow icon={KeyRound} title="Authenticator app" description="6-digit code" to="/x" />
        </ListRows>
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Methods' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName(/Authenticator app\s*6-digit code/);
    expect(links[0]).toHaveAttribute('href', '/x');
  });

  it('makes a button row one button that answers a press, and a static row only its action focusable', async () => {
    const onPress = vi.fn();
    const onDelete = vi.fn();
    render(
      <ListRows label="Rows">
        <ListRow title="Text message" description="+32 4•••01" onPress={onPress} />
        <ListRow
          title="Phone"
          badge="Current"
          action={
            <button type="button" onClick={onDelete}>
              Delete
            </button>
          }
        />
      </ListRows>,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /Text message/ }));
    expect(onPress).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Current')).toBeVisible();
  });
});

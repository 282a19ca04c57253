import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KeyRound } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './Choices';
import { ListRadioRow } from './ListRadioRow';
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

  it('makes a radio row one radio button of its group, named by its title, badge and text', async () => {
    const onChange = vi.fn();
    render(
      <RadioGroup label="Which address?" value="personal" onChange={onChange}>
        <ListRows>
          <ListRadioRow value="personal" title="A personal address" badge="Recommended" />
          <ListRadioRow value="keep" title="Keep w***k@example.be" description="From your card." />
        </ListRows>
      </RadioGroup>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Which address?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[0]).toHaveAccessibleName(/A personal address\s*Recommended/);
    expect(radios[0]).toBeChecked();
    await userEvent.click(screen.getByText('From your card.'));
    expect(onChange).toHaveBeenCalledWith('keep');
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { firstField, focusStep, useCursorNeverLost, useStepFocus } from './step-focus';

/** A panel that opens a form in place of its button, as the IBAN panel does. */
function Panel() {
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  useStepFocus(editing, () => (editing ? firstField(panel.current) : opener.current));
  return (
    <section ref={panel}>
      <h2>Banking</h2>
      {editing ? (
        <form>
          <label>
            IBAN <input />
          </label>
          <button type="button" onClick={() => setEditing(false)}>
            Save
          </button>
        </form>
      ) : (
        <button ref={opener} type="button" onClick={() => setEditing(true)}>
          Change IBAN
        </button>
      )}
    </section>
  );
}

/** Draws the next step's heading, later than the click that asked for it. */
let draw: () => void = () => {};
/** Draws the list again, its heading a new element. */
let redraw: () => void = () => {};

/** A confirmation whose next step is drawn only when `draw` is called. */
function Late() {
  const [shown, setShown] = useState(false);
  const [gone, setGone] = useState(false);
  draw = () => setShown(true);
  return (
    <>
      {!gone && (
        <button
          type="button"
          onClick={() => {
            setGone(true);
            focusStep(() => document.getElementById('next'));
          }}
        >
          Confirm
        </button>
      )}
      {shown && <h2 id="next">Your recovery keys</h2>}
    </>
  );
}

/** A list heading that `redraw` replaces with a new element. */
function List() {
  const [version, setVersion] = useState(1);
  redraw = () => setVersion((v) => v + 1);
  return (
    <h2 key={version} id="list-title">
      Phone numbers
    </h2>
  );
}

/**
 * A dialog over the page, hiding it as React Aria does: its Delete asks for
 * the list's heading while the dialog is still open; Close closes it.
 */
function Dialogue() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <main aria-hidden={open || undefined}>
        <h2 id="passkeys">Your passkeys</h2>
      </main>
      {open && (
        <div role="dialog">
          <button
            type="button"
            onClick={() => focusStep(() => document.getElementById('passkeys'))}
          >
            Delete
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      )}
    </>
  );
}

/** A step whose new field focuses itself. */
function Step() {
  const [code, setCode] = useState(false);
  useStepFocus(code, () => document.querySelector('h2'));
  return (
    <>
      <h2>Add a phone number</h2>
      {code ? (
        // biome-ignore lint/a11y/noAutofocus: the case under test
        <input aria-label="Code" autoFocus />
      ) : (
        <button type="button" onClick={() => setCode(true)}>
          Send code
        </button>
      )}
    </>
  );
}

/** Rows that go away when their button is pressed, under the never-lost rule. */
function Rows() {
  useCursorNeverLost();
  const [rows, setRows] = useState(['Chrome on Linux', 'Firefox on Windows']);
  return (
    <main>
      <h1>Trusted devices</h1>
      <section>
        <h2>Devices</h2>
        <ul>
          {rows.map((row) => (
            <li key={row}>
              <button type="button" onClick={() => setRows((all) => all.filter((r) => r !== row))}>
                Stop trusting {row}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

describe('the cursor after an in-page step', () => {
  it('goes to the new step’s first field, and back to the button that opened it once it is closed', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    await user.click(screen.getByRole('button', { name: 'Change IBAN' }));
    expect(screen.getByLabelText('IBAN')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Change IBAN' })).toHaveFocus();
  });

  it('reaches a target that is drawn only later (a render that finishes after the next frame)', async () => {
    const user = userEvent.setup();
    render(<Late />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    expect(document.activeElement).toBe(document.body);
    act(() => draw());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Your recovery keys' })).toHaveFocus(),
    );
  });

  it('follows its target when a later render draws it anew (a list read again)', async () => {
    render(<List />);
    focusStep(() => document.getElementById('list-title'));
    expect(screen.getByRole('heading')).toHaveFocus();
    const first = screen.getByRole('heading');
    act(() => redraw());
    await waitFor(() => expect(screen.getByRole('heading')).toHaveFocus());
    expect(screen.getByRole('heading')).not.toBe(first);
  });

  it('waits for a dialog that hides the page to close, then takes the cursor before the dialog gives it back', async () => {
    const user = userEvent.setup();
    render(<Dialogue />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Your passkeys' })).toHaveFocus(),
    );
  });

  it('leaves alone a field the new step focused itself', async () => {
    const user = userEvent.setup();
    render(<Step />);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByLabelText('Code')).toHaveFocus();
  });
});

describe('the cursor is never left on the page itself', () => {
  it('goes to the heading of the nearest part still there when its control is removed', async () => {
    const user = userEvent.setup();
    render(<Rows />);
    await user.click(screen.getByRole('button', { name: 'Stop trusting Chrome on Linux' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Devices' })).toHaveFocus());
  });
});

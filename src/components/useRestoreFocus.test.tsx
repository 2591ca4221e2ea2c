import { StrictMode, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRestoreFocus, type RestoreFocusOptions } from './useRestoreFocus';

/** A stand-in modal, rendered only while open: its field takes focus, as Polaris' autofocus does. */
function Dialog({ onClose, options }: { onClose(): void; options?: RestoreFocusOptions }) {
  useRestoreFocus(true, options);
  return (
    <div role="dialog">
      <input aria-label="Field" autoFocus onKeyDown={(e) => e.key === 'Escape' && onClose()} />
      <button onClick={onClose}>Cancel</button>
    </div>
  );
}

/** A page whose opener button may disappear or be replaced once the dialog closes. */
function Page({
  options,
  afterClose = 'keep',
}: {
  options?: RestoreFocusOptions;
  afterClose?: 'keep' | 'remove' | 'replace';
}) {
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState(false);
  const close = () => {
    setOpen(false);
    setClosed(true);
  };
  const gone = closed && afterClose !== 'keep';
  return (
    <main id="AppFrameMain">
      <h1>Page title</h1>
      <button>Other</button>
      <div>
        {gone ? (
          afterClose === 'replace' && <button>Change</button>
        ) : (
          <button onClick={() => setOpen(true)}>Open</button>
        )}
      </div>
      {open && <Dialog onClose={close} options={options} />}
    </main>
  );
}

/** A modal that stays mounted and takes `open`, as the discount code modal does. */
function ControlledDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  useRestoreFocus(open);
  if (!open) return null;
  return (
    <div role="dialog">
      <input aria-label="Field" autoFocus />
      <button onClick={onClose}>Cancel</button>
    </div>
  );
}

function ControlledPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <ControlledDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

async function openWithKeyboard(name = 'Open') {
  const user = userEvent.setup();
  screen.getByRole('button', { name }).focus();
  await user.keyboard('{Enter}');
  expect(screen.getByLabelText('Field')).toHaveFocus();
  return user;
}

describe('useRestoreFocus', () => {
  it('focuses the opener again after Escape and after Cancel (the modal unmounting)', async () => {
    render(<Page />);
    let user = await openWithKeyboard();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();

    user = await openWithKeyboard();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('focuses the opener again when `open` turns false in a component that stays mounted', async () => {
    render(<ControlledPage />);
    const user = await openWithKeyboard();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('the opener gone: the page main heading (focusable, out of the Tab order), not <body>', async () => {
    render(<Page afterClose="remove" />);
    const user = await openWithKeyboard();
    await user.keyboard('{Escape}');
    const heading = screen.getByRole('heading', { name: 'Page title' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('the opener gone: the given fallback first', async () => {
    render(<Page afterClose="remove" options={{ fallback: () => screen.getByRole('button', { name: 'Other' }) }} />);
    const user = await openWithKeyboard();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Other' })).toHaveFocus();
  });

  it('nearOpener: the element that took the opener spot (even a render later)', async () => {
    render(<Page afterClose="replace" options={{ nearOpener: true }} />);
    const user = await openWithKeyboard();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus();
  });

  it('an opener removed just after focus went back to it hands focus on', async () => {
    function Later() {
      const [open, setOpen] = useState(false);
      const [chosen, setChosen] = useState(false);
      const close = () => {
        setOpen(false);
        // The caller's answer to the modal, a moment later (a picked product re-rendering the section).
        setTimeout(() => setChosen(true), 10);
      };
      return (
        <main id="AppFrameMain">
          <h1>Page title</h1>
          <div>{chosen ? <span>Chosen</span> : <button onClick={() => setOpen(true)}>Open</button>}</div>
          {open && <Dialog onClose={close} />}
        </main>
      );
    }
    render(<Later />);
    const user = await openWithKeyboard();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    await screen.findByText('Chosen');
    await act(() => Promise.resolve());
    expect(screen.getByRole('heading', { name: 'Page title' })).toHaveFocus();
  });

  it('leaves focus alone when the app already moved it somewhere on closing', async () => {
    function Elsewhere() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          <input aria-label="Next" ref={(el) => (open ? undefined : el?.focus())} />
          {open && <Dialog onClose={() => setOpen(false)} />}
        </>
      );
    }
    render(<Elsewhere />);
    const user = await openWithKeyboard();
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('Next')).toHaveFocus();
  });

  it('StrictMode remounting an open modal does not pull focus out of it', async () => {
    render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    const user = await openWithKeyboard();
    await act(() => Promise.resolve());
    expect(screen.getByLabelText('Field')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('nothing to go back to (no opener, heading or main): does not throw', async () => {
    function Bare() {
      const [open, setOpen] = useState(true);
      return open ? <Dialog onClose={() => setOpen(false)} /> : <p>closed</p>;
    }
    const user = userEvent.setup();
    render(<Bare />);
    await user.keyboard('{Escape}');
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
  });
});

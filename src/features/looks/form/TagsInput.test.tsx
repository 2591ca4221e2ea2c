import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { TagsInput } from './TagsInput';

function Harness({ initial = '', onValue }: { initial?: string; onValue?(v: string): void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TagsInput value={value} onChange={(v) => (setValue(v), onValue?.(v))} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('TagsInput', () => {
  it('adds trimmed tags with Enter and with the Add button, refuses duplicates, removes tags', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="summer" />);
    const input = await screen.findByLabelText('Add a tag');
    await user.type(input, '  city {Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent(/^summer,city$/);
    expect(input).toHaveValue('');

    await user.type(input, 'party');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/^summer,city,party$/);

    await user.type(input, 'SUMMER{Enter}');
    expect(screen.getByText('This tag is already added.')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent(/^summer,city,party$/);

    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent(/^summer,city,party$/);
    expect(screen.getByRole('button', { name: 'Add' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove city' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/^summer,party$/);
  });

  it('names each remove button once: "Remove <tag>"', async () => {
    renderWithProviders(<Harness initial="summer,city" />);
    await screen.findByLabelText('Add a tag');
    expect(screen.getAllByRole('button', { name: /^Remove/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove summer',
      'Remove city',
    ]);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-final-form';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FormSelect } from './FormSelect';

function renderSelect(initial: string | null, onValues: (v: unknown) => void) {
  return renderWithProviders(
    <Form initialValues={{ event: initial }} onSubmit={() => undefined}>
      {({ values }) => {
        onValues(values.event);
        return (
          <FormSelect
            name="event"
            label="Event"
            nullValue="none"
            options={[
              { label: 'Onload', value: 'onload' },
              { label: 'None', value: 'none' },
            ]}
          />
        );
      }}
    </Form>,
  );
}

describe('FormSelect', () => {
  it('shows a saved null as the null option and keeps it null', async () => {
    let current: unknown;
    renderSelect(null, (v) => (current = v));
    expect(await screen.findByLabelText('Event')).toHaveValue('none');
    expect(current).toBeNull();
  });

  it('maps choosing the null option back to null', async () => {
    let current: unknown;
    renderSelect('onload', (v) => (current = v));
    await userEvent.selectOptions(await screen.findByLabelText('Event'), 'none');
    expect(current).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Event'), 'onload');
    expect(current).toBe('onload');
  });
});

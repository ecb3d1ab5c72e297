import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { jest } from '@jest/globals';
import { z } from 'zod/mini';
import { ApiError } from './api-client.js';
import { useServerForm } from './server-form.js';

type Values = { amount: string };
/** The server's rule: an amount, sent with two decimals ("12" → "12.00"). */
const schema = z.object({
  amount: z.pipe(
    z.string().check(z.trim(), z.regex(/^\d+(\.\d+)?$/, 'Amount must be a number')),
    z.transform((amount: string) => Number(amount).toFixed(2)),
  ),
});

function AmountForm({
  onSubmit,
  asTyped,
  formRule,
}: {
  onSubmit: (values: Values) => Promise<void>;
  asTyped?: boolean;
  formRule?: (values: Values) => string | undefined;
}) {
  const { form, submit, formError } = useServerForm<Values>({
    schema,
    asTyped,
    defaultValues: { amount: '' },
    fields: ['amount'],
    formRule,
    onSubmit,
    errorText: () => 'Could not save',
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {formError && <p role="alert">{formError}</p>}
      <label>
        Amount <input {...form.register('amount')} />
      </label>
      {form.formState.errors.amount && <p>{form.formState.errors.amount.message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

const type = (value: string) => fireEvent.change(screen.getByLabelText('Amount'), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('useServerForm', () => {
  it("sends what the schema gives; a refused submit puts the server's field errors under the inputs and its text above them", async () => {
    const onSubmit = jest.fn(async (_values: Values) => {
      throw new ApiError('Amount is too large', 400, 'VALIDATION_FAILED', { amount: 'Amount is too large' });
    });
    render(<AmountForm onSubmit={onSubmit} />);
    type('x');
    save();
    expect(await screen.findByText('Amount must be a number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type(' 12 ');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not save');
    expect(screen.getByText('Amount is too large')).toBeTruthy();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ amount: '12.00' });
  });

  it('asTyped: the schema only checks, the values are sent as typed', async () => {
    const onSubmit = jest.fn(async (_values: Values) => undefined);
    render(<AmountForm onSubmit={onSubmit} asTyped />);
    type(' 12 ');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ amount: ' 12 ' }));
  });

  it("formRule: its text above the form, no field marked, nothing sent; once it passes, the schema's rules apply", async () => {
    const onSubmit = jest.fn(async (_values: Values) => undefined);
    render(<AmountForm onSubmit={onSubmit} formRule={({ amount }) => (amount ? undefined : 'Please fill all required fields.')} />);
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill all required fields.');
    expect(screen.queryByText('Amount must be a number')).toBeNull();
    type('x');
    save();
    expect(await screen.findByText('Amount must be a number')).toBeTruthy();
    type('5');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ amount: '5.00' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("names: the inputs read plain names, the schema checks and the body carries the wire's, the server's errors land under the inputs", async () => {
    // The wire spells the field `Vesselname` (ADR 56); the form names its input `vesselName`.
    const wireSchema = z.object({ Vesselname: z.string().check(z.trim(), z.minLength(1, 'Vessel name is required')) });
    const onSubmit = jest.fn(async (_body: { Vesselname: string }) => {
      throw new ApiError('Vessel name is too long', 400, 'VALIDATION_FAILED', { Vesselname: 'Vessel name is too long' });
    });
    function VesselForm() {
      const { form, submit } = useServerForm<{ vesselName: string }, { Vesselname: 'vesselName' }>({
        schema: wireSchema,
        names: { Vesselname: 'vesselName' },
        defaultValues: { vesselName: '' },
        fields: ['vesselName'],
        onSubmit,
        errorText: () => 'Could not save',
      });
      return (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <label>
            Vessel <input {...form.register('vesselName')} />
          </label>
          {form.formState.errors.vesselName && <p>{form.formState.errors.vesselName.message}</p>}
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<VesselForm />);
    save();
    expect(await screen.findByText('Vessel name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Vessel'), { target: { value: ' MSC Aurora ' } });
    save();
    expect(await screen.findByText('Vessel name is too long')).toBeTruthy();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ Vesselname: 'MSC Aurora' });
  });
});

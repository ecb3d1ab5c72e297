import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { branches, type BranchCreate } from '@freight/contracts';
import { ResourceForm } from '@freight/web-kit';
import { field, setField as set } from '../screens.spec.setup.js';
import { branchAddErrorText, branchFields } from './branch-form.page.js';

const emptyBranch: BranchCreate = { BranchCity: '', Location: '', Contact: '', Code: '' };

/** What branch-form.page.tsx gives the form besides the mode, the values and the save. */
const branchForm = { resource: branches, fields: branchFields, errorText: branchAddErrorText, cancelTo: '../managebranch' };

function renderForm(mode: 'add' | 'edit', defaultValues: BranchCreate = emptyBranch) {
  const onSubmit = jest.fn<(v: BranchCreate) => Promise<void>>().mockResolvedValue(undefined);
  render(
    <MantineProvider>
      <MemoryRouter>
        <ResourceForm {...branchForm} mode={mode} defaultValues={defaultValues} onSubmit={onSubmit} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return onSubmit;
}

describe('the branch form (fields as data, validated with the add and update bodies of the definition: branchCreateSchema / branchUpdateSchema)', () => {
  it('requires Branch Name, Location, Contact and Branch Code', async () => {
    const onSubmit = renderForm('add');
    fireEvent.click(screen.getByRole('button', { name: 'Add Branch' }));
    for (const message of ['Branch name is required', 'Location is required', 'Contact is required', 'Branch code is required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a city that cannot be a URL path segment (a dot segment) and a bad code', async () => {
    const onSubmit = renderForm('add');
    set('Branch Name', '..');
    set('Location', 'Port');
    set('Contact', '0112345678');
    set('Branch Code', 'C M B');
    fireEvent.click(screen.getByRole('button', { name: 'Add Branch' }));
    expect(await screen.findByText('Branch name cannot be "." or ".."')).toBeTruthy();
    expect(screen.getByText('Branch code must be letters, digits or hyphens')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('on edit, city and code are read-only and the rest saves', async () => {
    const onSubmit = renderForm('edit', { BranchCity: 'Kandy', Location: 'Hill', Contact: '0812345678', Code: 'KDY' });
    for (const label of ['Branch Name', 'Branch Code']) {
      const input = field(label);
      expect(input.readOnly).toBe(true);
      // It must not look editable: greyed, not marked required, and saying so.
      expect(input.getAttribute('data-variant')).toBe('filled');
      expect(input.required).toBe(false);
      expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('Cannot be changed');
    }
    expect(field('Location').readOnly).toBe(false);
    expect(field('Location').getAttribute('data-variant')).toBe('default');
    set('Location', 'Hill Street');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ BranchCity: 'Kandy', Location: 'Hill Street', Code: 'KDY' });
  });
});

import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { RowActions } from './row-actions.js';

function renderActions(props: Parameters<typeof RowActions>[0]) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <RowActions {...props} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('RowActions', () => {
  it('offers view, edit and delete with names that say which row', () => {
    const onDelete = jest.fn();
    renderActions({ what: 'user amara', viewTo: '/view/amara', editTo: '/edit/amara', onDelete });
    expect(screen.getByRole('link', { name: 'View user amara' }).getAttribute('href')).toBe('/view/amara');
    expect(screen.getByRole('link', { name: 'Edit user amara' }).getAttribute('href')).toBe('/edit/amara');
    fireEvent.click(screen.getByRole('button', { name: 'Delete user amara' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('shows only the actions it is given', () => {
    renderActions({ what: 'user head', editTo: '/edit/head' });
    expect(screen.getByRole('link', { name: 'Edit user head' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete user head' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View user head' })).toBeNull();
  });
});

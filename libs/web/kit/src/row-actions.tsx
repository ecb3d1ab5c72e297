import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group } from '@mantine/core';

export interface RowActionsProps {
  /** What the row is, for the buttons' accessible names: "user amara" → "Edit user amara". */
  what: string;
  viewTo?: string;
  editTo?: string;
  onDelete?: () => void;
  /** The entity's own actions ("Mark handled"), after the others. */
  children?: ReactNode;
}

/** The Actions cell of a list row: View, Edit and Delete, each shown only when given. */
export function RowActions({ what, viewTo, editTo, onDelete, children }: RowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      {viewTo && (
        <Button component={Link} to={viewTo} size="xs" variant="subtle" aria-label={`View ${what}`}>
          View
        </Button>
      )}
      {editTo && (
        <Button component={Link} to={editTo} size="xs" variant="light" aria-label={`Edit ${what}`}>
          Edit
        </Button>
      )}
      {onDelete && (
        <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${what}`}>
          Delete
        </Button>
      )}
      {children}
    </Group>
  );
}

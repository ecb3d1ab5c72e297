import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Card, Text, UnstyledButton } from '@mantine/core';
import { NOT_AVAILABLE_TEXT } from './pages.js';

/**
 * A tile of a chooser or the Administrative Tools page: a link named by its visible
 * label, or, for a screen of later work, a disabled button described as not available yet.
 */
export function Tile({ label, to }: { label: string; to?: string }) {
  const hintId = useId();
  if (to) {
    return (
      <Card component={Link} to={to} withBorder padding="lg">
        <Text fw={600}>{label}</Text>
      </Card>
    );
  }
  return (
    <Card withBorder padding="lg" bg="gray.0">
      <UnstyledButton disabled aria-describedby={hintId} style={{ cursor: 'not-allowed' }}>
        <Text fw={600} c="dimmed">
          {label}
        </Text>
      </UnstyledButton>
      <Text size="sm" c="dimmed" id={hintId}>
        {NOT_AVAILABLE_TEXT}
      </Text>
    </Card>
  );
}

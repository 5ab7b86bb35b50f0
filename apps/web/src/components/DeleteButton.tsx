import { Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';

interface Props {
  label: string;
  onClick: () => void;
  loading?: boolean;
  /** Why the server does not allow it (`deniedReason`): the button is disabled and the reason is shown beside it. */
  denied?: string | null;
}

/** An edit page's delete button; when deleting is not allowed it says why, visibly, not only in a tooltip. */
export function DeleteButton({ label, onClick, loading, denied }: Props) {
  const reasonId = useId();
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={onClick}
        loading={loading}
        disabled={!!denied}
        aria-describedby={denied ? reasonId : undefined}
      >
        {label}
      </Button>
      {denied ? (
        <Text id={reasonId} size="sm" c="dimmed">
          {denied}
        </Text>
      ) : null}
    </Group>
  );
}

import { type Permission, permissionGroups } from '@app/shared/platform/permissions';
import { Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  value: readonly string[];
  onChange: (next: Permission[]) => void;
  disabled?: boolean;
}

/** The catalogue grouped as in the specification's section 6, with a whole-group toggle. */
export function PermissionChecklist({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const held = new Set(value);
  const set = (perms: readonly Permission[], on: boolean) => {
    const next = new Set(held as Set<Permission>);
    for (const p of perms) {
      if (on) next.add(p);
      else next.delete(p);
    }
    onChange([...next].sort() as Permission[]);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {permissionGroups.map((g) => {
        const count = g.permissions.filter((p) => held.has(p)).length;
        return (
          <Paper key={g.key} withBorder p="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Checkbox
                  label={<Text fw={600}>{t(`users.permissionGroups.${g.key}`)}</Text>}
                  checked={count === g.permissions.length}
                  indeterminate={count > 0 && count < g.permissions.length}
                  disabled={disabled}
                  onChange={(e) => set(g.permissions, e.currentTarget.checked)}
                  aria-label={t('users.roles.form.toggleGroup', { group: t(`users.permissionGroups.${g.key}`) })}
                />
                <Text size="xs" c="dimmed">
                  {count}/{g.permissions.length}
                </Text>
              </Group>
              <Stack gap={6} pl="lg">
                {g.permissions.map((p) => (
                  <Checkbox
                    key={p}
                    label={t(`users.permissions.names.${p.replace('.', '_')}`)}
                    description={p}
                    checked={held.has(p)}
                    disabled={disabled}
                    onChange={(e) => set([p], e.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

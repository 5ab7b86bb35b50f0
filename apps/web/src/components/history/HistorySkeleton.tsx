import { Skeleton, Stack } from '@mantine/core';

/** The skeleton of a few entries, while the timeline's code or its first page loads. */
export function HistorySkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" data-testid="history-loading">
      {[0, 1, 2].map((i) => (
        <Stack key={i} gap={6}>
          <Skeleton h={14} w="40%" />
          <Skeleton h={12} w="60%" />
          <Skeleton h={44} />
        </Stack>
      ))}
    </Stack>
  );
}

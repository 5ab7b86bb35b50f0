import { Box, NavLink, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SECTIONS, type Section, scrollToSection } from './sections';

/** The list of sections beside the editor (wide screens); a section with a problem is marked, and says so. */
export function SectionNav({ problems }: { problems: readonly Section[] }) {
  const { t } = useTranslation();
  return (
    <Box pos="sticky" top={76}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4} px="sm">
        {t('products.edit.sections')}
      </Text>
      <nav aria-label={t('products.edit.sections')}>
        {SECTIONS.map((s) => {
          const wrong = problems.includes(s);
          return (
            <NavLink
              key={s}
              href={`#section-${s}`}
              label={t(`products.edit.section.${s}`)}
              color={wrong ? 'red' : undefined}
              active={wrong}
              variant="subtle"
              rightSection={
                wrong ? <IconAlertCircle size={16} aria-label={t('products.edit.sectionHasProblems')} role="img" /> : null
              }
              onClick={(e) => {
                e.preventDefault();
                scrollToSection(s);
              }}
            />
          );
        })}
      </nav>
    </Box>
  );
}

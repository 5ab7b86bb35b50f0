import { Card, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { ProductFormValues } from '../../product-form';

export const SECTIONS = ['general', 'media', 'attributes', 'robox', 'downloads', 'related', 'featured'] as const;
export type Section = (typeof SECTIONS)[number];

/** What every section of the product editor gets: the editor's form. */
export interface SectionProps {
  form: UseFormReturnType<ProductFormValues>;
}

/** The sections that hold a field with a problem right now, in the editor's order. */
export function sectionsWithProblems(errors: Record<string, unknown>, sectionOf: (field: string) => string): Section[] {
  const fields = Object.keys(errors);
  return SECTIONS.filter((s) => fields.some((f) => sectionOf(f) === s));
}

export const scrollToSection = (s: Section) =>
  document.getElementById(`section-${s}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** One titled card of the editor, a landmark the section list links to. */
export function SectionCard({
  id,
  title,
  description,
  children,
}: {
  id: Section;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      padding="lg"
      id={`section-${id}`}
      component="section"
      aria-labelledby={`section-${id}-title`}
      style={{ scrollMarginTop: 76 }}
    >
      <Title order={2} size="h4" id={`section-${id}-title`} mb={description ? 2 : 'md'}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}

import type { PortalCompanyProductFilters } from '@app/shared/companies/company-products';
import { Button, Group, MultiSelect } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasFilters, type ProductFilters } from './product-filters';

/** The "Unknown" type in the select ('' in the URL and the API; a select option needs a non-empty value). */
const UNKNOWN = '::unknown::';
const toOption = (type: string) => (type === '' ? UNKNOWN : type);
const fromOption = (value: string) => (value === UNKNOWN ? '' : value);

interface Props {
  value: ProductFilters;
  choices: PortalCompanyProductFilters | undefined;
  onChange: (f: ProductFilters) => void;
}

/** The company products' filters: projects and article types, several of each; "clear filters" when any is set. */
export function ProductFiltersBar({ value, choices, onChange }: Props) {
  const { t } = useTranslation();
  const projects = choices?.projects ?? [];
  const types = choices?.types ?? [];
  // A value from the URL that is no choice (any more) stays visible, so it can be taken away.
  const projectData = [
    ...projects.map((p) => ({ value: p.id, label: p.name })),
    ...value.projects
      .filter((id) => !projects.some((p) => p.id === id))
      .map((id) => ({ value: id, label: t('portalProducts.filters.projectId', { id }) })),
  ];
  const typeData = [
    ...types.map((ty) => ({
      value: toOption(ty.name),
      label: t('portalProducts.filters.typeOption', {
        name: ty.name === '' ? t('portalProducts.unknownType') : ty.name,
        count: ty.count,
      }),
    })),
    ...value.types
      .filter((name) => !types.some((ty) => ty.name === name))
      .map((name) => ({ value: toOption(name), label: name === '' ? t('portalProducts.unknownType') : name })),
  ];
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" mb="lg">
      <MultiSelect<number>
        label={t('portalProducts.filters.projects')}
        placeholder={value.projects.length ? undefined : t('portalProducts.filters.allProjects')}
        data={projectData}
        value={value.projects}
        onChange={(projects) => onChange({ ...value, projects })}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('portalProducts.filters.nothingFound')}
        w={{ base: '100%', sm: 300 }}
        data-testid="filter-projects"
      />
      <MultiSelect<string>
        label={t('portalProducts.filters.types')}
        placeholder={value.types.length ? undefined : t('portalProducts.filters.allTypes')}
        data={typeData}
        value={value.types.map(toOption)}
        onChange={(picked) => onChange({ ...value, types: picked.map(fromOption) })}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('portalProducts.filters.nothingFound')}
        w={{ base: '100%', sm: 300 }}
        data-testid="filter-types"
      />
      {hasFilters(value) ? (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => onChange({ projects: [], types: [] })}>
          {t('portalProducts.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}

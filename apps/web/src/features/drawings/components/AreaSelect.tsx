import type { DrawingAreaOption } from '@app/shared/drawings/drawings';
import type { NamedRef } from '@app/shared/projects/projects';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DrawingSide, useDrawingAreas } from '../api';

/** Each area's label with the labels above it ("Dek 1 › 1001 Hut › Badkamer"), in tree order. */
export function areaChoices(areas: DrawingAreaOption[]): { value: string; label: string }[] {
  const byId = new Map(areas.map((a) => [a.id, a]));
  const path = (a: DrawingAreaOption): string => {
    const parent = a.parentId === null ? undefined : byId.get(a.parentId);
    return parent ? `${path(parent)} › ${a.name}` : a.name;
  };
  return areas.map((a) => ({ value: String(a.id), label: path(a) }));
}

interface Props {
  side: DrawingSide['kind'];
  projectId: number | null;
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  /** The drawing's area as saved: shown even when it is no longer among the choices. */
  current?: NamedRef | null;
}

/**
 * The deck, area or sub-area a drawing belongs to, or none (the whole project). The portal offers
 * the areas its company sees; a company that sees selected areas only must choose one (the server
 * says so).
 */
export function AreaSelect({ side, projectId, value, onChange, onBlur, error, current }: Props) {
  const { t } = useTranslation();
  const areas = useDrawingAreas(side, projectId);
  const data = areaChoices(areas.data ?? []);
  if (current && !data.some((d) => d.value === String(current.id)))
    data.unshift({ value: String(current.id), label: current.name });
  return (
    <Select
      label={t('drawings.fields.area')}
      description={t(projectId ? 'drawings.fields.areaHelp' : 'drawings.fields.areaNoProject')}
      placeholder={t('drawings.fields.areaPlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      disabled={!projectId}
      clearable
      searchable
      nothingFoundMessage={t('drawings.fields.areaNone')}
    />
  );
}

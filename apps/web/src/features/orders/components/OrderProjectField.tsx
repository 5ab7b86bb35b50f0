import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyProjects } from '../../companies/products-api';
import { usePortalProjects } from '../../portal/projects-api';
import type { OrderSide } from '../api';

interface Props {
  side: OrderSide;
  /** The order's company: staff pick from the projects it is attached to. */
  companyId?: number;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: unknown;
  /** The order's project as loaded: offered even when it is no longer among the choices (archived). */
  current?: { id: number; name: string } | null;
}

/**
 * The project an order is for, or none: the portal picks one of its company's active projects, the
 * back office one of the projects the order's company is attached to.
 */
export function OrderProjectField({ side, companyId, value, onChange, error, current }: Props) {
  const { t } = useTranslation();
  const portal = usePortalProjects({ tab: 'active', page: 1, perPage: 100 }, side === 'client');
  const staff = useCompanyProjects(companyId ?? 0, side === 'staff' && companyId !== undefined);
  const projects = side === 'client' ? (portal.data?.data ?? []) : (staff.data ?? []);
  const data = projects.map((p) => ({ value: String(p.id), label: p.name }));
  if (current && !data.some((d) => d.value === String(current.id))) data.push({ value: String(current.id), label: current.name });
  return (
    <Select
      label={t('approvals.requestProject')}
      description={t('approvals.requestProjectHint')}
      placeholder={t('approvals.requestProjectNone')}
      data={data}
      clearable
      searchable
      value={value}
      onChange={onChange}
      error={typeof error === 'string' ? error : undefined}
    />
  );
}

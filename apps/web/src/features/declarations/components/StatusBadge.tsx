import type { DeclarationStatus } from '@app/shared/declarations/declarations.rules';
import type { OvernightStatus } from '@app/shared/declarations/overnights.rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DeclarationStatus, string> = { submitted: 'blue', approved: 'teal', rejected: 'red', paid: 'grape' };

/** Ingediend, Goedgekeurd, Afgewezen, Betaald: the same colours for declarations and overnight stays. */
export function StatusBadge({ status }: { status: DeclarationStatus | OvernightStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} style={{ flex: 'none' }}>
      {t(`declarations.status.${status}`)}
    </Badge>
  );
}

// Fixtures for the companies screens' component tests (never imported by the app).
import type { Company, CompanySummary } from '@app/shared/companies/companies';

export const companySummary = (over: Partial<CompanySummary> = {}): CompanySummary => ({
  id: 1,
  name: 'Bedrijf',
  logo: null,
  primaryColor: '#123456',
  secondaryColor: '#c8a45c',
  sector: 'cruise',
  city: 'Rotterdam',
  country: 'NL',
  usersCount: 2,
  abilities: {
    canEdit: true,
    canActAs: true,
    canArchive: true,
    canRestore: false,
    reasons: { canRestore: 'COMPANY_NOT_ARCHIVED' },
  },
  ...over,
});

export const company = (over: Partial<Company> = {}): Company => ({
  ...companySummary({ id: 7, name: 'Nordic Star Cruises', usersCount: 3 }),
  contactPerson: 'Emma de Vries',
  email: 'info@nordicstar.test',
  phone: '+31 10 123 4567',
  address: 'Wilhelminakade 12',
  zipcode: '3072 AP',
  archivedAt: null,
  version: 4,
  ...over,
});

import type { HourActivity } from '@app/shared/hours/hours';
import type { Locale } from '@app/shared/platform/locale';

// The texts inside an export file, in the language of the person who asked (accounts.locale):
// column headers, activity and status labels, the total rows. Dutch first.

export interface ExportLabels {
  hoursColumns: {
    person: string;
    exactId: string;
    date: string;
    project: string;
    area: string;
    task: string;
    hours: string;
    activity: string;
    notes: string;
  };
  overnightColumns: {
    person: string;
    exactId: string;
    date: string;
    nights: string;
    project: string;
    location: string;
    status: string;
  };
  activities: Record<HourActivity, string>;
  statuses: Record<'submitted' | 'approved' | 'rejected', string>;
  /** The total row after a person's rows. */
  personTotal: (name: string) => string;
  /** Overnight stays: only approved nights count. */
  personApprovedTotal: (name: string) => string;
  grandTotal: string;
  grandApprovedTotal: string;
  sheetHours: string;
  sheetOvernights: string;
  /** Hours of approved weeks only: the weeks still open, on a sheet of their own (a section of the CSV). */
  openWeeks: {
    title: string;
    week: string;
    from: string;
    to: string;
    state: string;
    hours: string;
    states: Record<'open' | 'returned', string>;
  };
}

const nl: ExportLabels = {
  hoursColumns: {
    person: 'Medewerker',
    exactId: 'Exact-ID',
    date: 'Datum',
    project: 'Project',
    area: 'Ruimte',
    task: 'Taak',
    hours: 'Uren',
    activity: 'Activiteit',
    notes: 'Opmerkingen',
  },
  overnightColumns: {
    person: 'Medewerker',
    exactId: 'Exact-ID',
    date: 'Datum',
    nights: 'Nachten',
    project: 'Project',
    location: 'Locatie',
    status: 'Status',
  },
  activities: {
    installation: 'Montage',
    workshop: 'Werkplaats',
    engineering: 'Engineering',
    travel: 'Reistijd',
    management: 'Projectleiding',
    other: 'Overig',
  },
  statuses: { submitted: 'Ingediend', approved: 'Goedgekeurd', rejected: 'Afgewezen' },
  personTotal: (name) => `Totaal ${name}`,
  personApprovedTotal: (name) => `Totaal goedgekeurd ${name}`,
  grandTotal: 'Totaal',
  grandApprovedTotal: 'Totaal goedgekeurd',
  sheetHours: 'Uren',
  sheetOvernights: 'Overnachtingen',
  openWeeks: {
    title: 'Open weken',
    week: 'Week',
    from: 'Van',
    to: 'Tot en met',
    state: 'Status',
    hours: 'Uren',
    states: { open: 'Niet beoordeeld', returned: 'Teruggestuurd' },
  },
};

const en: ExportLabels = {
  hoursColumns: {
    person: 'Employee',
    exactId: 'Exact ID',
    date: 'Date',
    project: 'Project',
    area: 'Area',
    task: 'Task',
    hours: 'Hours',
    activity: 'Activity',
    notes: 'Notes',
  },
  overnightColumns: {
    person: 'Employee',
    exactId: 'Exact ID',
    date: 'Date',
    nights: 'Nights',
    project: 'Project',
    location: 'Location',
    status: 'Status',
  },
  activities: {
    installation: 'Installation',
    workshop: 'Workshop',
    engineering: 'Engineering',
    travel: 'Travel',
    management: 'Project management',
    other: 'Other',
  },
  statuses: { submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected' },
  personTotal: (name) => `Total ${name}`,
  personApprovedTotal: (name) => `Total approved ${name}`,
  grandTotal: 'Total',
  grandApprovedTotal: 'Total approved',
  sheetHours: 'Hours',
  sheetOvernights: 'Overnight stays',
  openWeeks: {
    title: 'Open weeks',
    week: 'Week',
    from: 'From',
    to: 'To',
    state: 'Status',
    hours: 'Hours',
    states: { open: 'Not reviewed', returned: 'Sent back' },
  },
};

export const EXPORT_LABELS: Record<Locale, ExportLabels> = { nl, en };

// The payroll exports' contract (issue 12): filled in with the exports feature.
export const EXPORT_KINDS = ['hours', 'overnights'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

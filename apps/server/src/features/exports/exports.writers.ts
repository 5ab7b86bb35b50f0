// The payroll exports' writers are the platform's sheet writer (shared with every list's export).
export * from '../../platform/sheet-writer';

import type { ExportKind } from '@app/shared/people/exports';

/** Choose a period and a format, start the export, follow its progress, download the file (issue 12). */
export function ExportPanel(_props: { kind: ExportKind }) {
  return null;
}

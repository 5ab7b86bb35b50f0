import type { Locale } from '@app/shared/platform/locale';
import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import 'dayjs/locale/en';

export function setDateLocale(locale: Locale): void {
  dayjs.locale(locale);
}

// Dutch conventions in both languages: day-month-year and a 24-hour clock (R3).
export const formatDate = (d: string | Date | null | undefined): string => (d ? dayjs(d).format('DD-MM-YYYY') : '');
export const formatDateTime = (d: string | Date | null | undefined): string => (d ? dayjs(d).format('DD-MM-YYYY HH:mm') : '');
export const formatLongDate = (d: string | Date | null | undefined): string => (d ? dayjs(d).format('dddd D MMMM YYYY') : '');

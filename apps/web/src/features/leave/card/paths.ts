/** The sub-pages of a leave card (users/:userId/leave-card/:part); none is the overview. */
export const CARD_PARTS = ['concept', 'corrections', 'leave', 'overtime', 'sick'] as const;
export type CardPart = (typeof CARD_PARTS)[number];

export const isCardPart = (v: string | undefined): v is CardPart =>
  v !== undefined && (CARD_PARTS as readonly string[]).includes(v);

/**
 * The address of a card page: the overview (part null) or a sub-page, with the year when it is
 * not this year, and extra query values (e.g. which leave: ?show=planned).
 */
export function cardPath(
  userId: number,
  part: CardPart | null,
  year: number,
  thisYear: number,
  extra: Record<string, string> = {},
): string {
  const q = new URLSearchParams();
  if (year !== thisYear) q.set('year', String(year));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return `/users/${userId}/leave-card${part ? `/${part}` : ''}${s ? `?${s}` : ''}`;
}

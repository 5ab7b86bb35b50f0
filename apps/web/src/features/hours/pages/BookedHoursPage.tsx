// A placeholder until the screen is built (issue 12).
export function UserBookedHoursPage() {
  return null;
}
export function MyHoursPage() {
  return null;
}

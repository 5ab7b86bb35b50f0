// A placeholder until the screen is built (issue 12).
export function UserOvernightsPage() {
  return null;
}
export function OvernightSettingsPage() {
  return null;
}

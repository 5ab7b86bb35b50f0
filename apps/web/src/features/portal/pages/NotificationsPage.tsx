// Placeholder: the page is being built (issue 10).
export function NotificationsPage() {
  return null;
}

// Placeholder: the page is being built (issue 10).
export function PortalOrderLinePage() {
  return null;
}

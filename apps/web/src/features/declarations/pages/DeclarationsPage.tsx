// A placeholder until the screen is built (issue 12).
export function DeclarationsPage() {
  return null;
}
export function UserDeclarationsPage() {
  return null;
}

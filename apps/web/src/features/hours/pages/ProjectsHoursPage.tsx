// A placeholder until the screen is built (issue 12).
export function ProjectsHoursPage() {
  return null;
}

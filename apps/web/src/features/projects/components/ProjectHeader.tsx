/**
 * The top of every page inside one project: its name and the project's tabs (areas, tasks,
 * tickets, feed, details). Placeholder until the project shell is built.
 */
export function ProjectHeader(_props: { projectId: number }) {
  return null;
}

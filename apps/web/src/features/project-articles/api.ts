// The project's articles (shared contract: @app/shared/project-articles/project-articles).
//
// Query key under the project's prefix, so a change to a sub-task's order lines (which
// invalidates ['projects', p]) refreshes it too:
//   ['projects', p, 'articles', params]
import type { ApiErrorBody } from '@app/shared/platform/errors';
import type { ExportFormat, ProjectArticleSort, ProjectArticles } from '@app/shared/project-articles/project-articles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api, buildUrl, currentActingAsHeader } from '../../lib/api';

export interface ProjectArticlesParams {
  sort: ProjectArticleSort;
  q?: string | undefined;
}

export const projectArticleKeys = {
  list: (p: number, q: ProjectArticlesParams) => ['projects', p, 'articles', q] as const,
};

const base = (p: number) => `/api/projects/${p}/articles`;

/** Every product and article on the project's order lines, sorted and searched on the server (not paged). */
export const useProjectArticles = (projectId: number, q: ProjectArticlesParams) =>
  useQuery<ProjectArticles, Error, ProjectArticles, ReturnType<typeof projectArticleKeys.list>>({
    queryKey: projectArticleKeys.list(projectId, q),
    queryFn: ({ signal }) => api.get<{ data: ProjectArticles }>(base(projectId), { query: { ...q }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

/** The file name of a Content-Disposition header: filename* (RFC 5987) first, else filename. */
export function dispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain?.[1] || fallback;
}

/**
 * Downloads the export (the list's sort and search) through fetch, so the button can show that it
 * is busy and a refusal becomes a readable message; the browser then saves the file under the
 * server's name.
 */
export async function downloadProjectArticles(
  projectId: number,
  format: ExportFormat,
  q: ProjectArticlesParams,
): Promise<string> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  const acting = currentActingAsHeader();
  if (acting) headers['Acting-As'] = acting;
  let res: Response;
  try {
    res = await fetch(buildUrl(`${base(projectId)}/export`, { format, ...q }), { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, null, 'NETWORK');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    throw new ApiError(res.status, body);
  }
  const blob = await res.blob();
  const name = dispositionFileName(res.headers.get('content-disposition'), `articles.${format}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

import type { Permission } from '@app/shared/platform/permissions';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

const VIEW: readonly Permission[] = ['projects.view', 'projects.manage'];

/** A project's articles (a project tab). */
export const projectArticleRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/articles',
    handle: meta({ name: 'project-articles.index', title: 'projectArticles.tab', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/ProjectArticlesPage')).ProjectArticlesPage }),
  },
];

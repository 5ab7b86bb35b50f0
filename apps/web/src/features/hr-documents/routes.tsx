import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** Documents and contracts of an employee (PEOPLE_RIGHTS.documents, .contracts) and those about to expire. */
export const hrDocumentRoutes: RouteObject[] = [
  {
    path: 'users/expiring',
    handle: meta({
      name: 'users.expiring',
      title: 'hrDocuments.expiring.title',
      parent: 'users.index',
      permission: [...PEOPLE_RIGHTS.documents, ...PEOPLE_RIGHTS.contracts],
    }),
    lazy: async () => ({ Component: (await import('./pages/ExpiringPage')).ExpiringPage }),
  },
  {
    path: 'users/:userId/documents',
    handle: meta({ name: 'users.documents', title: 'hrDocuments.documents.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('./pages/DocumentsPage')).DocumentsPage }),
  },
  {
    path: 'users/:userId/contracts',
    handle: meta({ name: 'users.contracts', title: 'hrDocuments.contracts.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('./pages/ContractsPage')).ContractsPage }),
  },
];

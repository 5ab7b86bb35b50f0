import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** The companies archive, one company and, inside it, its users, permissions, products and news. */
export const companyRoutes: RouteObject[] = [
  {
    path: 'companies',
    handle: meta({
      name: 'archive-companies',
      title: 'companies.list.title',
      parent: 'home',
      permission: ['companies.manage', 'companies.act-as-client'],
    }),
    lazy: async () => ({ Component: (await import('./pages/CompaniesPage')).CompaniesPage }),
  },
  {
    path: 'companies/new',
    handle: meta({
      name: 'company.create',
      title: 'companies.editor.createTitle',
      parent: 'archive-companies',
      permission: ['companies.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/CompanyPage')).CompanyCreatePage }),
  },
  {
    path: 'companies/analytics',
    handle: meta({
      name: 'company.analytics',
      title: 'analytics.title',
      parent: 'archive-companies',
      permission: ['companies.manage', 'dashboard.change-settings'],
    }),
    lazy: async () => ({
      Component: (await import('./pages/CompanyAnalyticsPage')).CompanyAnalyticsPage,
    }),
  },
  {
    path: 'companies/:companyId',
    handle: meta({
      name: 'company.details',
      slug: 'companyId',
      parent: 'archive-companies',
      permission: ['companies.manage', 'companies.act-as-client'],
    }),
    lazy: async () => ({ Component: (await import('./pages/CompanyPage')).CompanyDetailsPage }),
  },
  // Inside one company: its users and what it sees of its projects.
  {
    path: 'companies/:companyId/users',
    handle: meta({
      name: 'company.users',
      title: 'companies.tabs.users',
      parent: 'company.details',
      permission: ['companies.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/CompanyUsersPage')).CompanyUsersPage }),
  },
  {
    path: 'companies/:companyId/users/new',
    handle: meta({
      name: 'company.user.create',
      title: 'companies.users.editor.createTitle',
      parent: 'company.users',
      permission: ['companies.manage'],
    }),
    lazy: async () => ({
      Component: (await import('./pages/CompanyUserPage')).CompanyUserCreatePage,
    }),
  },
  {
    path: 'companies/:companyId/users/:clientId',
    handle: meta({
      name: 'company.user.details',
      slug: 'clientId',
      parent: 'company.users',
      permission: ['companies.manage'],
    }),
    lazy: async () => ({
      Component: (await import('./pages/CompanyUserPage')).CompanyUserDetailsPage,
    }),
  },
  {
    path: 'companies/:companyId/permissions',
    handle: meta({
      name: 'company.permissions',
      title: 'companies.tabs.permissions',
      parent: 'company.details',
      permission: ['companies.manage'],
    }),
    lazy: async () => ({
      Component: (await import('./pages/CompanyPermissionsPage')).CompanyPermissionsPage,
    }),
  },
  // Inside one company: the products assigned to it and its news.
  {
    path: 'companies/:companyId/products',
    handle: meta({
      name: 'company.products',
      title: 'companies.tabs.products',
      parent: 'company.details',
      permission: ['companies.manage'],
    }),
    lazy: async () => ({
      Component: (await import('./pages/CompanyProductsPage')).CompanyProductsPage,
    }),
  },
  {
    path: 'companies/:companyId/posts',
    handle: meta({
      name: 'company.posts',
      title: 'companies.tabs.posts',
      parent: 'company.details',
      permission: ['companies.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/CompanyPostsPage')).CompanyPostsPage }),
  },
  {
    path: 'companies/:companyId/posts/new',
    handle: meta({
      name: 'company.post.create',
      title: 'companies.posts.editor.createTitle',
      parent: 'company.posts',
      permission: ['companies.manage'],
    }),
    lazy: async () => ({
      Component: (await import('./pages/CompanyPostPage')).CompanyPostCreatePage,
    }),
  },
  {
    path: 'companies/:companyId/posts/:postId',
    handle: meta({
      name: 'company.post.details',
      title: 'companies.posts.editor.editTitle',
      parent: 'company.posts',
      permission: ['companies.manage'],
    }),
    lazy: async () => ({
      Component: (await import('./pages/CompanyPostPage')).CompanyPostDetailsPage,
    }),
  },
];

import { Navigate, type RouteObject } from 'react-router';
import { drawingRoutes } from '../../features/drawings/routes';
import { requestRoutes } from '../../features/orders/routes';
import { areaRoutes } from '../../features/projects/area-routes';
import { projectRoutes } from '../../features/projects/routes';
import { projectTaskRoutes } from '../../features/projects/task-routes';
import { taskListRoutes } from '../../features/task-list/routes';
import { peopleRoutes } from '../../features/users/people-routes';
import { CATALOGUE_PERMISSIONS } from '../catalogue-sections';
import { EmployeeLayout } from '../layouts/EmployeeLayout';
import { guestRoutesRedirect, meta, notFoundRoute, publicProductsRoutes } from './shared';
import { signedInRoot } from './signed-in';

/** The back office, plus the public products route (spec section 4). */
export const employeeRoutes: RouteObject[] = [
  signedInRoot([
    guestRoutesRedirect,
    {
      path: '/public',
      lazy: async () => ({ Component: (await import('../layouts/PublicLayout')).PublicLayout }),
      children: publicProductsRoutes,
    },
    {
      path: '/',
      element: <EmployeeLayout />,
      children: [
        {
          index: true,
          handle: meta({ name: 'home', title: 'home.title' }),
          lazy: async () => ({ Component: (await import('../../features/home/pages/EmployeeHomePage')).EmployeeHomePage }),
        },
        {
          path: 'companies',
          handle: meta({
            name: 'archive-companies',
            title: 'companies.list.title',
            parent: 'home',
            permission: ['companies.manage', 'companies.act-as-client'],
          }),
          lazy: async () => ({ Component: (await import('../../features/companies/pages/CompaniesPage')).CompaniesPage }),
        },
        {
          path: 'companies/new',
          handle: meta({
            name: 'company.create',
            title: 'companies.editor.createTitle',
            parent: 'archive-companies',
            permission: ['companies.manage'],
          }),
          lazy: async () => ({ Component: (await import('../../features/companies/pages/CompanyPage')).CompanyCreatePage }),
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
            Component: (await import('../../features/companies/pages/CompanyAnalyticsPage')).CompanyAnalyticsPage,
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
          lazy: async () => ({ Component: (await import('../../features/companies/pages/CompanyPage')).CompanyDetailsPage }),
        },
        // Inside one company (issue 10): its users and what it sees of its projects.
        {
          path: 'companies/:companyId/users',
          handle: meta({
            name: 'company.users',
            title: 'companies.tabs.users',
            parent: 'company.details',
            permission: ['companies.manage'],
          }),
          lazy: async () => ({ Component: (await import('../../features/companies/pages/CompanyUsersPage')).CompanyUsersPage }),
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
            Component: (await import('../../features/companies/pages/CompanyUserPage')).CompanyUserCreatePage,
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
            Component: (await import('../../features/companies/pages/CompanyUserPage')).CompanyUserDetailsPage,
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
            Component: (await import('../../features/companies/pages/CompanyPermissionsPage')).CompanyPermissionsPage,
          }),
        },
        // Inside one company (issue 10): the products assigned to it and its news.
        {
          path: 'companies/:companyId/products',
          handle: meta({
            name: 'company.products',
            title: 'companies.tabs.products',
            parent: 'company.details',
            permission: ['companies.manage'],
          }),
          lazy: async () => ({
            Component: (await import('../../features/companies/pages/CompanyProductsPage')).CompanyProductsPage,
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
          lazy: async () => ({ Component: (await import('../../features/companies/pages/CompanyPostsPage')).CompanyPostsPage }),
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
            Component: (await import('../../features/companies/pages/CompanyPostPage')).CompanyPostCreatePage,
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
            Component: (await import('../../features/companies/pages/CompanyPostPage')).CompanyPostDetailsPage,
          }),
        },
        // Catalogue (issue #3), as the sidebar's Catalogus group shows it: Catalogus > Artikelen >
        // Artikelen synchroniseren, Producten > Producten sorteren, Attributen, Robox-materialen and
        // their categories. Each page's title is its label in the sidebar and its breadcrumb.
        {
          path: 'catalogue',
          handle: meta({
            name: 'catalogue.index',
            title: 'common.nav.catalogue',
            parent: 'home',
            permission: CATALOGUE_PERMISSIONS,
          }),
          lazy: async () => ({ Component: (await import('../../features/home/pages/CataloguePage')).CataloguePage }),
        },
        {
          path: 'articles',
          handle: meta({
            name: 'articles.index',
            title: 'articles.list.title',
            parent: 'catalogue.index',
            permission: ['articles.view'],
          }),
          lazy: async () => ({ Component: (await import('../../features/articles/pages/ArticlesPage')).ArticlesPage }),
        },
        {
          path: 'articles/:articleId',
          handle: meta({ name: 'articles.show', slug: 'articleId', parent: 'articles.index', permission: ['articles.view'] }),
          lazy: async () => ({ Component: (await import('../../features/articles/pages/ArticlePage')).ArticlePage }),
        },
        {
          path: 'sync',
          handle: meta({
            name: 'articles.sync',
            title: 'articles.sync.title',
            parent: 'articles.index',
            permission: ['articles.sync'],
          }),
          lazy: async () => ({ Component: (await import('../../features/articles/pages/SyncPage')).SyncPage }),
        },
        {
          path: 'products',
          handle: meta({
            name: 'articles.products-index',
            title: 'products.list.title',
            parent: 'catalogue.index',
            permission: ['products.manage'],
          }),
          lazy: async () => ({ Component: (await import('../../features/products/pages/ProductsPage')).ProductsPage }),
        },
        {
          path: 'products/:productId',
          handle: meta({
            name: 'products.edit',
            slug: 'productId',
            parent: 'articles.products-index',
            permission: ['products.manage'],
          }),
          lazy: async () => ({ Component: (await import('../../features/products/pages/ProductEditPage')).ProductEditPage }),
        },
        {
          path: 'order',
          handle: meta({
            name: 'product.order',
            title: 'products.order.title',
            parent: 'articles.products-index',
            permission: ['products.sort'],
          }),
          lazy: async () => ({ Component: (await import('../../features/products/pages/ProductOrderPage')).ProductOrderPage }),
        },
        {
          path: 'attributes',
          handle: meta({
            name: 'product.attributes',
            title: 'attributes.title',
            parent: 'catalogue.index',
            permission: ['products.manage'],
          }),
          lazy: async () => ({ Component: (await import('../../features/products/pages/AttributesPage')).AttributesPage }),
        },
        {
          path: 'attributes/:kind',
          handle: meta({
            name: 'attributes.archive',
            title: 'attributes.kinds',
            titleParam: 'kind',
            parent: 'product.attributes',
            permission: ['products.manage'],
          }),
          lazy: async () => ({
            Component: (await import('../../features/products/pages/AttributeArchivePage')).AttributeArchivePage,
          }),
        },
        // Robox materials and their categories (in the catalogue)
        { path: 'robox', element: <Navigate to="/robox/materials" replace /> },
        {
          path: 'robox/materials',
          handle: meta({
            name: 'archive-robox-material',
            title: 'robox.materials.title',
            parent: 'catalogue.index',
            permission: ['products.manage'],
          }),
          lazy: async () => ({ Component: (await import('../../features/robox/pages/RoboxMaterialsPage')).RoboxMaterialsPage }),
        },
        {
          path: 'robox/materials/create',
          handle: meta({
            name: 'robox-material.create',
            title: 'robox.materials.createTitle',
            parent: 'archive-robox-material',
            permission: ['products.manage'],
          }),
          lazy: async () => ({
            Component: (await import('../../features/robox/pages/RoboxMaterialEditPage')).RoboxMaterialCreatePage,
          }),
        },
        {
          path: 'robox/materials/:roboxMaterialId/edit',
          handle: meta({
            name: 'robox-material.edit',
            slug: 'roboxMaterialId',
            parent: 'archive-robox-material',
            permission: ['products.manage'],
          }),
          lazy: async () => ({
            Component: (await import('../../features/robox/pages/RoboxMaterialEditPage')).RoboxMaterialEditPage,
          }),
        },
        {
          path: 'robox/material-categories',
          handle: meta({
            name: 'archive-robox-material-category',
            title: 'robox.categories.title',
            parent: 'catalogue.index',
            permission: ['products.manage'],
          }),
          lazy: async () => ({ Component: (await import('../../features/robox/pages/RoboxCategoriesPage')).RoboxCategoriesPage }),
        },
        {
          path: 'robox/material-categories/create',
          handle: meta({
            name: 'robox-material-category.create',
            title: 'robox.categories.createTitle',
            parent: 'archive-robox-material-category',
            permission: ['products.manage'],
          }),
          lazy: async () => ({
            Component: (await import('../../features/robox/pages/RoboxCategoryEditPage')).RoboxCategoryCreatePage,
          }),
        },
        {
          path: 'robox/material-categories/:roboxMaterialCategoryId/edit',
          handle: meta({
            name: 'robox-material-category.edit',
            slug: 'roboxMaterialCategoryId',
            parent: 'archive-robox-material-category',
            permission: ['products.manage'],
          }),
          lazy: async () => ({
            Component: (await import('../../features/robox/pages/RoboxCategoryEditPage')).RoboxCategoryEditPage,
          }),
        },
        // The planner (issue 9): who works on which project when.
        {
          path: 'planner',
          handle: meta({
            name: 'planner',
            title: 'planner.title',
            parent: 'home',
            permission: ['planner.view', 'planner.manage'],
          }),
          lazy: async () => ({ Component: (await import('../../features/planner/pages/PlannerPage')).PlannerPage }),
        },
        // What the signed-in employee was told (approvals waiting, comments): the bell's whole list.
        {
          path: 'notifications',
          handle: meta({ name: 'notifications.index', title: 'notifications.title', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/notifications/NotificationsPage')).NotificationsPage }),
        },
        {
          path: 'settings',
          handle: meta({ name: 'settings.index', title: 'users.settings.title', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/SettingsPage')).SettingsPage }),
        },
        {
          path: 'settings/roles',
          handle: meta({
            name: 'roles.index',
            title: 'users.roles.title',
            parent: 'settings.index',
            permission: ['users.manage-roles'],
          }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/RolesPage')).RolesPage }),
        },
        {
          path: 'settings/roles/new',
          handle: meta({
            name: 'roles.create',
            title: 'users.roles.createTitle',
            parent: 'roles.index',
            permission: ['users.manage-roles'],
          }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/RoleEditPage')).RoleCreatePage }),
        },
        {
          path: 'settings/roles/:roleId',
          handle: meta({ name: 'roles.edit', slug: 'roleId', parent: 'roles.index', permission: ['users.manage-roles'] }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/RoleEditPage')).RoleEditPage }),
        },
        {
          path: 'settings/permissions',
          handle: meta({
            name: 'permissions.index',
            title: 'users.permissions.title',
            parent: 'settings.index',
            permission: ['users.manage-roles'],
          }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/PermissionsPage')).PermissionsPage }),
        },
        ...projectRoutes,
        ...areaRoutes,
        ...projectTaskRoutes,
        ...taskListRoutes,
        ...drawingRoutes,
        ...requestRoutes,
        ...peopleRoutes,
        notFoundRoute,
      ],
    },
  ]),
];

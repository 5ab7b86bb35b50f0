import { Navigate, type RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

export const roboxRoutes: RouteObject[] = [
  // Robox materials and their categories: settings (the specification's 'Robox area, parent settings'); the URLs stay /robox/…
  { path: 'robox', element: <Navigate to="/robox/materials" replace /> },
  {
    path: 'robox/materials',
    handle: meta({
      name: 'archive-robox-material',
      title: 'robox.materials.title',
      parent: 'settings.index',
      permission: ['products.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/RoboxMaterialsPage')).RoboxMaterialsPage }),
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
      Component: (await import('./pages/RoboxMaterialEditPage')).RoboxMaterialCreatePage,
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
      Component: (await import('./pages/RoboxMaterialEditPage')).RoboxMaterialEditPage,
    }),
  },
  {
    path: 'robox/material-categories',
    handle: meta({
      name: 'archive-robox-material-category',
      title: 'robox.categories.title',
      parent: 'settings.index',
      permission: ['products.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/RoboxCategoriesPage')).RoboxCategoriesPage }),
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
      Component: (await import('./pages/RoboxCategoryEditPage')).RoboxCategoryCreatePage,
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
      Component: (await import('./pages/RoboxCategoryEditPage')).RoboxCategoryEditPage,
    }),
  },
];

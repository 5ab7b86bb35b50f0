// The staff rights that open each aggregate whole (a portal view never holds them).

export const COMPANY_STAFF = ['companies.manage', 'companies.act-as-client'] as const;
export const MEDIA_STAFF = [
  'companies.manage',
  'products.manage',
  'inspiration-products.manage',
  'articles.view',
  'projects.view',
  'projects.manage',
] as const;
export const PROJECT_STAFF = ['projects.view', 'projects.manage'] as const;
export const PLANNER_STAFF = ['planner.view', 'planner.manage'] as const;

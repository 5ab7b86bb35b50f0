// The en catalogues of the customer portal's pages, loaded with the customer route set only
// (a company user, or an employee acting as a company). The portal's toolbar texts stay in
// portal.json of the base catalogue: the public catalogue shows the toolbar too.
// Each file is a namespace of its own; `portal` is merged into the base catalogue's `portal`.
import approvals from './approvals.json';
import bulk from './bulk.json';
import drawings from './drawings.json';
import errorsPortal from './errors-portal.json';
import exportMenu from './export-menu.json';
import orders from './orders.json';
import portalNews from './portal-news.json';
import portal from './portal-pages.json';
import portalProducts from './portal-products.json';
import portalProjects from './portal-projects.json';
import search from './search.json';
import { account, commonSignedIn, errorsSignedIn, files, notifications } from './signed-in';

// The error messages a signed-in person and only the portal can meet, merged into `errors` of the base catalogue.
export default {
  common: commonSignedIn,
  errors: { ...errorsSignedIn, ...errorsPortal },
  account,
  // The row checkboxes' names of a list with a selection (the files archive's ZIP).
  bulk,
  notifications,
  files,
  approvals,
  drawings,
  exportMenu,
  orders,
  portal,
  portalNews,
  portalProducts,
  portalProjects,
  search,
};

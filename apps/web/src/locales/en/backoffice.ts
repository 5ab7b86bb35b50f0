// The en catalogues of the back office, loaded with the employee route set only.
import analytics from './analytics.json';
import approvals from './approvals.json';
import areas from './areas.json';
import articles from './articles.json';
import attributes from './attributes.json';
import budgets from './budgets.json';
import bulk from './bulk.json';
import companies from './companies.json';
import declarations from './declarations.json';
import drawings from './drawings.json';
import errorsStaff from './errors-staff.json';
import exportMenu from './export-menu.json';
import exports from './exports.json';
import field from './field.json';
import history from './history.json';
import home from './home.json';
import hours from './hours.json';
import hrDocuments from './hr-documents.json';
import leave from './leave.json';
import leaveRequests from './leave-requests.json';
import leaveSettings from './leave-settings.json';
import orders from './orders.json';
import planner from './planner.json';
import products from './products.json';
import projectArticles from './project-articles.json';
import projects from './projects.json';
import robox from './robox.json';
import search from './search.json';
import { account, commonSignedIn, errorsSignedIn, files, notifications } from './signed-in';
import taskList from './task-list.json';
import tasks from './tasks.json';
import templates from './templates.json';
import tickets from './tickets.json';
import timeline from './timeline.json';
import users from './users.json';
import weekGrid from './week-grid.json';

// The error messages a signed-in person and only staff can meet, merged into `errors` of the base catalogue.
export default {
  common: commonSignedIn,
  errors: { ...errorsSignedIn, ...errorsStaff },
  account,
  notifications,
  files,
  analytics,
  areas,
  articles,
  attributes,
  budgets,
  bulk,
  companies,
  declarations,
  approvals,
  drawings,
  exportMenu,
  exports,
  field,
  history,
  home,
  hours,
  hrDocuments,
  leave,
  leaveRequests,
  leaveSettings,
  orders,
  planner,
  products,
  projectArticles,
  projects,
  robox,
  taskList,
  tasks,
  templates,
  tickets,
  timeline,
  users,
  search,
  weekGrid,
};

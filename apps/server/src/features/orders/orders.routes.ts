import {
  addOrderFilesSchema,
  answerQuestionSchema,
  approveDesignSchema,
  approveRequestSchema,
  type ClientOrderListQuery,
  clientOrderListQuerySchema,
  completeOrderSchema,
  declineRequestSchema,
  denyDesignSchema,
  moreInfoSchema,
  type OrderListItem,
  orderPageSchema,
  orderParams,
  orderQuestionParams,
  orderSchema,
  orderUpdateSchema,
  productRequestInputSchema,
  reorderSchema,
  type StaffOrderListQuery,
  sendVersionSchema,
  staffOrderListQuerySchema,
} from '@app/shared/orders/orders';
import { approverChoicesSchema } from '@app/shared/platform/approvers';
import { envelope, noQuery } from '@app/shared/platform/http';
import type { Locale } from '@app/shared/platform/locale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { type ExportColumn, registerListExport } from '../../platform/list-export';
import * as orders from './orders.service';

const tags = ['orders'];
const staff = { access: access.employee('companies.manage') };
const portal = { access: access.portal };
const one = { 200: envelope(orderSchema) };

const STATUS = {
  requested: { nl: 'Aangevraagd', en: 'Requested' },
  declined: { nl: 'Afgewezen', en: 'Declined' },
  in_progress: { nl: 'In behandeling', en: 'In progress' },
  pending_approval: { nl: 'Wacht op goedkeuring', en: 'Awaiting approval' },
  approved: { nl: 'Ontwerp goedgekeurd', en: 'Design approved' },
  completed: { nl: 'Afgerond', en: 'Completed' },
} as const;
const EVENT = {
  requested: { nl: 'Product aangevraagd', en: 'Product requested' },
  edited: { nl: 'Gegevens gewijzigd', en: 'Details edited' },
  request_approved: { nl: 'Aanvraag goedgekeurd', en: 'Request approved' },
  request_declined: { nl: 'Aanvraag afgewezen', en: 'Request declined' },
  version_sent: { nl: 'Ontwerp versie {n} ter goedkeuring verstuurd', en: 'Design version {n} sent for approval' },
  design_approved: { nl: 'Ontwerp versie {n} goedgekeurd', en: 'Design version {n} approved' },
  design_denied: { nl: 'Wijzigingen gevraagd op versie {n}', en: 'Changes requested on version {n}' },
  design_vote: {
    nl: 'Ontwerp versie {n} goedgekeurd (wacht op de andere goedkeurders)',
    en: 'Design version {n} approved (waiting for the other approvers)',
  },
  info_requested: { nl: 'Meer informatie gevraagd', en: 'More information requested' },
  info_answered: { nl: 'Vraag beantwoord', en: 'Question answered' },
  files_added: { nl: 'Bestanden toegevoegd', en: 'Files added' },
  completed: { nl: 'Bestelling afgerond', en: 'Order completed' },
  reordered: { nl: 'Opnieuw besteld', en: 'Reordered' },
} as const;
const eventText = (e: NonNullable<OrderListItem['latestEvent']>, l: Locale) => {
  const what = (EVENT[e.kind]?.[l] ?? e.kind).replace('{n}', String(e.versionNumber ?? ''));
  return e.actor ? `${what} ${l === 'nl' ? 'door' : 'by'} ${e.actor}` : what;
};

/** The columns of an orders export (both sides; staff also see the company), as the list shows them. */
function orderColumns(side: 'staff' | 'client'): ExportColumn<OrderListItem>[] {
  return [
    { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (o) => o.id },
    { header: { nl: 'Aanvraag of bestelling', en: 'Request or order' }, type: 'text', width: 36, value: (o) => o.title },
    { header: { nl: 'Product', en: 'Product' }, type: 'text', width: 30, value: (o) => o.product.name },
    { header: { nl: 'Aantal', en: 'Quantity' }, type: 'integer', value: (o) => o.quantity },
    ...(side === 'staff'
      ? [
          {
            header: { nl: 'Bedrijf', en: 'Company' },
            type: 'text' as const,
            width: 24,
            value: (o: OrderListItem) => o.company.name,
          },
        ]
      : []),
    { header: { nl: 'Status', en: 'Status' }, type: 'text', width: 20, value: (o, l) => STATUS[o.status]?.[l] ?? o.status },
    {
      header: { nl: 'Laatste gebeurtenis', en: 'Latest event' },
      type: 'text',
      width: 40,
      value: (o, l) => (o.latestEvent ? eventText(o.latestEvent, l) : null),
    },
    { header: { nl: 'Aangevraagd door', en: 'Requested by' }, type: 'text', width: 22, value: (o) => o.requestedBy },
    { header: { nl: 'Aangemaakt', en: 'Created' }, type: 'datetime', value: (o) => o.createdAt },
    { header: { nl: 'Bijgewerkt', en: 'Updated' }, type: 'datetime', value: (o) => o.updatedAt },
  ];
}

/** The back office's product requests and orders: /api/orders and the routes under it. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Product requests and orders of every company (or one), per tab, searched, sorted, paged',
        querystring: staffOrderListQuerySchema,
        response: { 200: orderPageSchema },
      },
    },
    async (req) => orders.listStaffOrders(req.ctx, req.query),
  );

  registerListExport(app, {
    path: '/api/orders/export',
    ...staff,
    query: staffOrderListQuerySchema,
    tags,
    summary: 'Product requests and orders (the tab, company, search and sort of the list) as CSV or XLSX',
    fileName: { nl: 'aanvragen', en: 'requests' },
    sheetName: { nl: 'Aanvragen', en: 'Requests' },
    columns: orderColumns('staff'),
    page: async (ctx, q: StaffOrderListQuery) => ({ rows: (await orders.listStaffOrders(ctx, q)).data }),
  });

  app.get(
    '/api/orders/:orderId',
    {
      config: staff,
      schema: {
        tags,
        summary: 'One request or order with its versions, files and history',
        params: orderParams,
        querystring: noQuery,
        response: one,
      },
    },
    async (req) => ({ data: await orders.getOrder(req.ctx, req.params.orderId) }),
  );

  app.get(
    '/api/orders/:orderId/approvers',
    {
      config: staff,
      schema: {
        tags,
        summary: "Who can be named an order's approvers: the users of the order's company who can sign in",
        params: orderParams,
        querystring: noQuery,
        response: { 200: envelope(approverChoicesSchema) },
      },
    },
    async (req) => ({ data: await orders.listApproverChoices(req.ctx, req.params.orderId) }),
  );

  app.put(
    '/api/orders/:orderId',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Edit the title, description, quantity, project, due date and named approvers while requested or in progress (send the version)',
        params: orderParams,
        querystring: noQuery,
        body: orderUpdateSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.updateOrder(req.ctx, req.params.orderId, req.body) }),
  );

  app.post(
    '/api/orders/:orderId/approve-request',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Approve a request, to an existing product or into a new catalogue product (needs products.manage too); decided once',
        params: orderParams,
        querystring: noQuery,
        body: approveRequestSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.approveRequest(req.ctx, req.params.orderId, req.body) }),
  );

  app.post(
    '/api/orders/:orderId/decline-request',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Decline a request with a reason; decided once',
        params: orderParams,
        querystring: noQuery,
        body: declineRequestSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.declineRequest(req.ctx, req.params.orderId, req.body) }),
  );

  app.post(
    '/api/orders/:orderId/versions',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Send the next design version for approval (a comment and a preview image or PDF); only in progress',
        params: orderParams,
        querystring: noQuery,
        body: sendVersionSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.sendVersion(req.ctx, req.params.orderId, req.body) }),
  );

  app.post(
    '/api/orders/:orderId/files',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Add final files (uploaded with POST /api/files) while the order is open',
        params: orderParams,
        querystring: noQuery,
        body: addOrderFilesSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.addFiles(req.ctx, req.params.orderId, req.body.fileIds) }),
  );

  app.post(
    '/api/orders/:orderId/complete',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Complete an approved order (send the version)',
        params: orderParams,
        querystring: noQuery,
        body: completeOrderSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.completeOrder(req.ctx, req.params.orderId, req.body.version) }),
  );

  app.post(
    '/api/orders/:orderId/questions/:eventId/answers',
    {
      config: staff,
      schema: {
        tags,
        summary: "Answer one of the client's questions (an info_requested event of the order); the asker is told",
        params: orderQuestionParams,
        querystring: noQuery,
        body: answerQuestionSchema,
        response: one,
      },
    },
    async (req) => ({
      data: await orders.answerQuestion(req.ctx, req.params.orderId, req.params.eventId, req.body.comment),
    }),
  );
};

/** The portal's product requests and orders: /api/client/orders and the routes under it. */
export const clientOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/orders',
    {
      config: portal,
      schema: {
        tags,
        summary: "The company's orders and requests per tab (ongoing, requested, completed), searched, paged",
        querystring: clientOrderListQuerySchema,
        response: { 200: orderPageSchema },
      },
    },
    async (req) => orders.listClientOrders(req.ctx, req.query),
  );

  registerListExport(app, {
    path: '/api/client/orders/export',
    ...portal,
    query: clientOrderListQuerySchema,
    tags,
    summary: "The company's orders and requests (the tab, search and sort of the list) as CSV or XLSX",
    fileName: { nl: 'bestellingen', en: 'orders' },
    sheetName: { nl: 'Bestellingen', en: 'Orders' },
    columns: orderColumns('client'),
    page: async (ctx, q: ClientOrderListQuery) => ({ rows: (await orders.listClientOrders(ctx, q)).data }),
  });

  app.post(
    '/api/client/orders',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Request a product: an existing catalogue product, or a new one by title (and thumbnail), with files',
        querystring: noQuery,
        body: productRequestInputSchema,
        response: { 201: envelope(orderSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await orders.createRequest(req.ctx, req.body) }),
  );

  app.get(
    '/api/client/orders/:orderId',
    {
      config: portal,
      schema: {
        tags,
        summary: "One of the company's requests or orders (final files once the design is approved)",
        params: orderParams,
        querystring: noQuery,
        response: one,
      },
    },
    async (req) => ({ data: await orders.getOrder(req.ctx, req.params.orderId) }),
  );

  app.put(
    '/api/client/orders/:orderId',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Edit the title, description and quantity while requested or in progress (send the version)',
        params: orderParams,
        querystring: noQuery,
        body: orderUpdateSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.updateOrder(req.ctx, req.params.orderId, req.body) }),
  );

  app.post(
    '/api/client/orders/:orderId/approve-design',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Approve the design version waiting for approval (send the version); decided once',
        params: orderParams,
        querystring: noQuery,
        body: approveDesignSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.approveDesign(req.ctx, req.params.orderId, req.body.version) }),
  );

  app.post(
    '/api/client/orders/:orderId/deny-design',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Deny the design version waiting for approval with changes (a comment and files); decided once',
        params: orderParams,
        querystring: noQuery,
        body: denyDesignSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.denyDesign(req.ctx, req.params.orderId, req.body) }),
  );

  app.post(
    '/api/client/orders/:orderId/more-info',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Ask for more information about an open order (the status stays)',
        params: orderParams,
        querystring: noQuery,
        body: moreInfoSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.askInfo(req.ctx, req.params.orderId, req.body.comment) }),
  );

  app.post(
    '/api/client/orders/:orderId/questions/:eventId/replies',
    {
      config: portal,
      schema: {
        tags,
        summary:
          "Follow up on one of the company's questions in its thread (while the order is open); staff are told as of a question",
        params: orderQuestionParams,
        querystring: noQuery,
        body: moreInfoSchema,
        response: one,
      },
    },
    async (req) => ({
      data: await orders.followUpQuestion(req.ctx, req.params.orderId, req.params.eventId, req.body.comment),
    }),
  );

  app.post(
    '/api/client/orders/:orderId/files',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Add files (uploaded with POST /api/files) to an open order',
        params: orderParams,
        querystring: noQuery,
        body: addOrderFilesSchema,
        response: one,
      },
    },
    async (req) => ({ data: await orders.addFiles(req.ctx, req.params.orderId, req.body.fileIds) }),
  );

  app.post(
    '/api/client/orders/:orderId/reorder',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Order a completed order again: a new order in progress (the same quantity, or the one given)',
        params: orderParams,
        querystring: noQuery,
        body: reorderSchema,
        response: { 201: envelope(orderSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await orders.reorder(req.ctx, req.params.orderId, req.body.quantity) }),
  );
};

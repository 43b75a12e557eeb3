/** The API's own description: the OpenAPI 3.1 document generated from every endpoint table, ADMIN only. */
import { access, endpoints } from './endpoint.ts';
import { apiDocsRoutes } from './api-docs-paths.ts';
import { NoBody } from './shared.ts';

export * from './api-docs-paths.ts';

export const apiDocsEndpoints = endpoints('api', apiDocsRoutes, {
  openapi: {
    summary: 'This document: every route with its schemas, roles and error codes',
    // The Users page's roles (ADMIN): who administers the console reads its API.
    access: access.page('users'),
    query: NoBody,
    raw: { contentTypes: ['application/json'], description: 'The OpenAPI 3.1 document' },
  },
});

/** The API's own description (docs/api/openapi.json is the same document, written by the build). */
export const apiDocsRoutes = {
  openapi: 'GET /openapi.json',
} as const;

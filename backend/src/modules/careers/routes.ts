/**
 * /api/careers/...: job posts and their applications (HR_MANAGER, ADMIN); /api/public/jobs...: what the
 * website reads of the open posts and its application form (multipart with the CV), without sign-in. Rules
 * and SQL: store.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import {
  Application,
  ApplicationDetail,
  ApplicationNoteBody,
  ApplicationQuery,
  ApplicationStatusBody,
  CvQuery,
  JobPost,
  JobQuery,
  NewJobBody,
  PublicApplicationFields,
  PublicJob,
  UpdateJobBody,
} from '../../../../common/contract/careers.ts';
import { MAX_CV_BYTES } from '../../../../common/contract/careers-paths.ts';
import { PublicReceipt } from '../../../../common/contract/enquiries.ts';
import { IdempotencyHeaders, IdParams, Page } from '../../../../common/contract/shared.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { invalidInput } from '../../lib/http-error.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import {
  addApplicationNote,
  applicationCv,
  applicationDetail,
  applyToJob,
  changeApplicationStatus,
  createJob,
  listApplications,
  listJobs,
  publicJob,
  publicJobs,
  readJob,
  updateJob,
} from './store.ts';

const careers = { access: access.page('careers') };
const params = IdParams('id');
/** The website's reads change rarely: a minute's caching spares the back end a busy careers page. */
const PUBLIC_CACHE = 'public, max-age=60';

interface CvPart {
  fileName: string;
  content: Buffer;
}

export async function careerRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  api.get('/careers/jobs/', { config: careers, schema: { querystring: JobQuery, response: { 200: Page(JobPost) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listJobs(app.db, request.query, window);
    return toPage(request, window, count, results);
  });
  api.post('/careers/jobs/', { config: careers, schema: { headers: IdempotencyHeaders, body: NewJobBody, response: { 201: JobPost } } }, async (request, reply) =>
    reply.code(201).send(await createJob(app.db, request.body, context(request))),
  );
  api.get('/careers/jobs/:id', { config: careers, schema: { params, response: { 200: JobPost } } }, async (request) => readJob(app.db, request.params.id));
  api.put('/careers/jobs/:id', { config: careers, schema: { params, headers: IdempotencyHeaders, body: UpdateJobBody, response: { 200: JobPost } } }, async (request) =>
    updateJob(app.db, request.params.id, request.body, context(request)),
  );
  api.get('/careers/jobs/:id/applications/', { config: careers, schema: { params, querystring: ApplicationQuery, response: { 200: Page(Application) } } }, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listApplications(app.db, request.params.id, request.query.status, window);
    return toPage(request, window, count, results);
  });
  api.get('/careers/applications/:id', { config: careers, schema: { params, response: { 200: ApplicationDetail } } }, async (request) => applicationDetail(app.db, request.params.id));
  api.post('/careers/applications/:id/status', { config: careers, schema: { params, headers: IdempotencyHeaders, body: ApplicationStatusBody, response: { 200: Application } } }, async (request) =>
    changeApplicationStatus(app.db, request.params.id, request.body.status, request.body.version, context(request)),
  );
  api.post('/careers/applications/:id/notes', { config: careers, schema: { params, headers: IdempotencyHeaders, body: ApplicationNoteBody, response: { 200: ApplicationDetail } } }, async (request) =>
    addApplicationNote(app.db, request.params.id, request.body.text, context(request)),
  );
  api.get('/careers/applications/:id/cv', { config: { ...careers, rawResponse: true }, schema: { params, querystring: CvQuery } }, async (request, reply) =>
    sendFile(reply, await applicationCv(app.db, request.params.id), request.query.download === true),
  );

  api.get('/public/jobs', { config: { access: access.public }, schema: { response: { 200: Type.Array(PublicJob) } } }, async (_request, reply) =>
    reply.header('cache-control', PUBLIC_CACHE).send(await publicJobs(app.db)),
  );
  api.get('/public/jobs/:id', { config: { access: access.public }, schema: { params, response: { 200: PublicJob } } }, async (request, reply) =>
    reply.header('cache-control', PUBLIC_CACHE).send(await publicJob(app.db, request.params.id)),
  );

  // Multipart is parsed in this scope only: the other routes take JSON alone. The text fields become the body
  // (validated by the schema like any JSON body); the one file part becomes `cv`, read with a hard size limit.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_CV_BYTES, files: 1, fields: 8, fieldSize: 8 * 1024, parts: 10, fieldNameSize: 40, headerPairs: 20 },
      onFile: async (part) => {
        if (part.fieldname !== 'cv') throw invalidInput(part.fieldname.slice(0, 40), 'is not a field of this form');
        let content: Buffer;
        try {
          content = await part.toBuffer();
        } catch {
          throw invalidInput('cv', 'must be at most 5 MB');
        }
        (part as unknown as { value: CvPart }).value = { fileName: part.filename.slice(0, 200), content };
      },
    });
    scope
      .withTypeProvider<TypeBoxTypeProvider>()
      .post('/public/jobs/:id/applications', { config: { access: access.public }, schema: { params, body: PublicApplicationFields, response: { 202: PublicReceipt } } }, async (request, reply) => {
        const { cv, ...fields } = request.body;
        const file = typeof cv === 'object' && cv !== null && Buffer.isBuffer((cv as CvPart).content) ? (cv as CvPart) : null;
        await applyToJob(app.db, request.params.id, { ...fields, cv: file });
        return reply.code(202).header('cache-control', 'no-store').send({ received: true });
      });
  });
}

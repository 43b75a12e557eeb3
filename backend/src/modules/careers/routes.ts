/**
 * /api/careers/...: job posts and their applications (HR_MANAGER, ADMIN); /api/public/jobs...: what the
 * website reads of the open posts and its application form (multipart with the CV), without sign-in. Rules
 * and SQL: store.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { careersEndpoints as endpoints } from '../../../../common/contract/careers.ts';
import { MAX_CV_BYTES } from '../../../../common/contract/careers-paths.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { sendFile } from '../../lib/documents.ts';
import { invalidInput } from '../../lib/http-error.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
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

/** The website's reads change rarely: a minute's caching spares the back end a busy careers page. */
const PUBLIC_CACHE = 'public, max-age=60';

interface CvPart {
  fileName: string;
  content: Buffer;
}

export async function careerRoutes(app: FastifyInstance): Promise<void> {
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  route(app, endpoints.jobs, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listJobs(app.db, request.query, window);
    return toPage(request, window, count, results);
  });
  route(app, endpoints.createJob, async (request, reply) => reply.code(201).send(await createJob(app.db, request.body, context(request))));
  route(app, endpoints.job, async (request) => readJob(app.db, request.params.id));
  route(app, endpoints.updateJob, async (request) => updateJob(app.db, request.params.id, request.body, context(request)));
  route(app, endpoints.applications, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listApplications(app.db, request.params.id, request.query.status, window);
    return toPage(request, window, count, results);
  });
  route(app, endpoints.application, async (request) => applicationDetail(app.db, request.params.id));
  route(app, endpoints.applicationStatus, async (request) => changeApplicationStatus(app.db, request.params.id, request.body.status, request.body.version, context(request)));
  route(app, endpoints.applicationNotes, async (request) => addApplicationNote(app.db, request.params.id, request.body.text, context(request)));
  route(app, endpoints.cv, async (request, reply) => sendFile(reply, await applicationCv(app.db, request.params.id), request.query.download === true));

  route(app, endpoints.publicJobs, async (_request, reply) => reply.header('cache-control', PUBLIC_CACHE).send(await publicJobs(app.db)));
  route(app, endpoints.publicJob, async (request, reply) => reply.header('cache-control', PUBLIC_CACHE).send(await publicJob(app.db, request.params.id)));

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
    route(scope, endpoints.publicApply, async (request, reply) => {
      const { cv, ...fields } = request.body;
      const file = typeof cv === 'object' && cv !== null && Buffer.isBuffer((cv as CvPart).content) ? (cv as CvPart) : null;
      await applyToJob(app.db, request.params.id, { ...fields, cv: file });
      return reply.code(202).header('cache-control', 'no-store').send({ received: true });
    });
  });
}

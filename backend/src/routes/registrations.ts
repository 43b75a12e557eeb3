/** GET /api/registrations/ : the onboarding lists (registration, call schedule, due diligence, ...). */
import type { FastifyInstance } from 'fastify';
import { registrationListRoute } from '../../../common/access.ts';
import type { RegistrationListItem } from '../../../common/api-contract.ts';
import { STAGES, type Stage } from '../../../common/stages.ts';
import { authorize } from '../plugins/auth.ts';
import { SqlFilter } from '../lib/sql-filter.ts';
import { plainText } from '../lib/schemas.ts';
import { containsPattern, pageQuerySchema, pageWindow, toPage, type PageQuery } from '../lib/pagination.ts';

interface RegistrationQuery extends PageQuery {
  stage?: Stage;
  status?: 'active' | 'inactive';
  search?: string;
}

interface Row {
  id: number;
  legal_name: string;
  date_joined: Date;
  registration_id: string;
  requested_on: Date | null;
  recieved_on: Date | null;
  status_label: string;
}

export async function registrationRoutes(app: FastifyInstance) {
  app.get<{ Querystring: RegistrationQuery }>(
    '/registrations/',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pageQuerySchema,
            stage: { type: 'string', enum: STAGES },
            status: { type: 'string', enum: ['active', 'inactive'] },
            search: plainText(200),
          },
        },
      },
    },
    async (request) => {
      const { stage, status } = request.query;
      // The list a stage belongs to decides who may read it, as the console's menu does.
      authorize(request, registrationListRoute(stage));
      const search = request.query.search?.trim() ?? '';
      const window = pageWindow(request.query);
      const filter = new SqlFilter();
      if (stage) filter.add((p) => `r.stage = ${p}`, stage);
      if (status) filter.add((p) => `r.status = ${p}`, status);
      if (search) filter.add((p) => `lower(r.legal_name) LIKE ${p} ESCAPE '\\'`, containsPattern(search));
      const from = `FROM registrations r JOIN users u ON u.id = r.user_id ${filter.where}`;
      const [{ count } = { count: 0 }] = await app.db.query<{ count: number }>(`SELECT count(*)::integer AS count ${from}`, filter.params);
      const rows = await app.db.query<Row>(
        `SELECT u.id, r.legal_name, u.date_joined, r.registration_id, r.requested_on, r.recieved_on, r.status_label
         ${from} ORDER BY u.date_joined DESC, u.id DESC LIMIT ${window.size} OFFSET ${window.offset}`,
        filter.params,
      );
      return toPage<RegistrationListItem>(request, window, count, rows.map(toItem));
    },
  );
}

function toItem(row: Row): RegistrationListItem {
  return {
    id: row.id,
    legal_name: row.legal_name,
    date_joined: row.date_joined.toISOString(),
    registration_id: row.registration_id,
    requested_on: row.requested_on?.toISOString() ?? null,
    recieved_on: row.recieved_on?.toISOString() ?? null,
    status: row.status_label,
  };
}

/** /api/registrations/{userId}/parties|screening|risk and /api/screening/...: the AML area's routes. */
import type { FastifyInstance } from 'fastify';
import { amlEndpoints as endpoints } from '../../../../common/contract/aml.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { route } from '../../lib/routes.ts';
import { sendFile } from '../../lib/documents.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { addEvidence, evidenceFile, evidenceList } from './evidence-store.ts';
import { exportAmlFile } from './export-store.ts';
import { runRescreenJobs } from './jobs.ts';
import { approveVersion, importList, listEntries, listVersions, rejectVersion, versionDiff } from './list-store.ts';
import { myAddParty, myDeleteParty, myParties, myUpdateParty } from './my-parties.ts';
import { addParty, deleteParty, partiesOf, updateParty, withdrawParty } from './party-store.ts';
import { countersignMatch, reopenMatch } from './decision-store.ts';
import { findAmlRegistration } from './registration.ts';
import { approveEdd, rateRisk } from './risk-store.ts';
import { addRegisterEntry, listRegister, updateRegisterEntry } from './register-store.ts';
import { closeDelisted, decideMatch, readScreening, screeningOf, searchLists } from './screening-store.ts';
import { approveLift, requestLift } from './freeze-store.ts';
import { readLegalHold, setLegalHold } from './retention.ts';

export async function amlRoutes(app: FastifyInstance) {
  const context = (request: Parameters<typeof signedInUser>[0]) => actionContext(request, signedInUser(request).id);

  route(app, endpoints.parties, async (request) => partiesOf(app.db, request.params.userId));
  route(app, endpoints.addParty, async (request, reply) => {
    const parties = await addParty(app.db, request.params.userId, request.body, context(request));
    return reply.code(201).send(parties);
  });
  route(app, endpoints.updateParty, async (request) => updateParty(app.db, request.params.userId, request.params.partyId, request.body, context(request)));
  route(app, endpoints.deleteParty, async (request) => deleteParty(app.db, request.params.userId, request.params.partyId, request.body.version, context(request)));
  route(app, endpoints.withdrawParty, async (request) => withdrawParty(app.db, request.params.userId, request.params.partyId, request.body, context(request)));

  route(app, endpoints.screening, async (request) => screeningOf(app.db, request.params.userId));
  route(app, endpoints.decide, async (request) => decideMatch(app.db, request.params.userId, request.params.matchId, request.body, context(request)));
  route(app, endpoints.countersign, async (request) => countersignMatch(app.db, request.params.userId, request.params.matchId, request.body, context(request)));
  route(app, endpoints.reopen, async (request) => reopenMatch(app.db, request.params.userId, request.params.matchId, request.body, context(request)));
  route(app, endpoints.rateRisk, async (request) => {
    const registration = await findAmlRegistration(app.db, request.params.userId);
    return rateRisk(app.db, request.params.userId, request.body, context(request), (tx) => readScreening(tx, registration));
  });
  route(app, endpoints.requestFreezeLift, async (request) => {
    const registration = await findAmlRegistration(app.db, request.params.userId);
    return requestLift(app.db, request.params.userId, request.body, signedInUser(request), context(request), (tx) => readScreening(tx, registration));
  });
  route(app, endpoints.approveFreezeLift, async (request) => {
    const registration = await findAmlRegistration(app.db, request.params.userId);
    return approveLift(app.db, request.params.userId, request.body, signedInUser(request), context(request), (tx) => readScreening(tx, registration));
  });
  route(app, endpoints.legalHold, async (request) => readLegalHold(app.db, (await findAmlRegistration(app.db, request.params.userId)).id));
  route(app, endpoints.setLegalHold, async (request) => {
    const registration = await findAmlRegistration(app.db, request.params.userId);
    return setLegalHold(app.db, registration.id, true, request.body.reason, signedInUser(request), context(request));
  });
  route(app, endpoints.liftLegalHold, async (request) => {
    const registration = await findAmlRegistration(app.db, request.params.userId);
    return setLegalHold(app.db, registration.id, false, request.body.reason, signedInUser(request), context(request));
  });
  route(app, endpoints.approveEdd, async (request) => {
    const registration = await findAmlRegistration(app.db, request.params.userId);
    return approveEdd(app.db, request.params.userId, request.body, context(request), (tx) => readScreening(tx, registration));
  });

  route(app, endpoints.evidence, async (request) => evidenceList(app.db, request.params.userId));
  route(app, endpoints.addEvidence, async (request, reply) => reply.code(201).send(await addEvidence(app.db, request.params.userId, request.params.partyId, request.body, context(request))));

  route(app, endpoints.evidenceFile, async (request, reply) => sendFile(reply, await evidenceFile(app.db, request.params.userId, request.params.evidenceId), true));

  route(app, endpoints.exportFile, async (request, reply) => {
    const file = await exportAmlFile(app.db, request.params.userId, signedInUser(request));
    return sendFile(reply, { ...file, content_type: 'application/zip' }, true);
  });

  // Re-screening runs beside the answer; the job's progress is stored, so a restart finishes it.
  const rescreen = (jobId: number | null) => {
    if (jobId !== null) void runRescreenJobs(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'aml re-screening failed; retried at the next interval'));
  };
  route(app, endpoints.lists, async () => ({ results: await listVersions(app.db) }));
  route(app, endpoints.importList, async (request, reply) => {
    const { outcome, ...result } = await importList(app.db, request.params.list, request.body.content, signedInUser(request).id, context(request).idempotencyKey, request.body.file_name ?? null);
    rescreen(result.rescreen_job_id);
    return reply.code(outcome === 'applied' ? 201 : outcome === 'pending' ? 202 : 200).send(result);
  });
  route(app, endpoints.listVersion, async (request) => versionDiff(app.db, request.params.list, request.params.versionId));
  route(app, endpoints.listEntries, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listEntries(app.db, request.params.list, request.query, window);
    return toPage(request, window, count, results);
  });
  route(app, endpoints.approveListVersion, async (request) => {
    const { outcome: _applied, ...result } = await approveVersion(app.db, request.params.list, request.params.versionId, request.body, context(request));
    rescreen(result.rescreen_job_id);
    return result;
  });
  route(app, endpoints.rejectListVersion, async (request) => rejectVersion(app.db, request.params.list, request.params.versionId, request.body, context(request)));
  route(app, endpoints.closeDelisted, async (request) => closeDelisted(app.db, request.params.userId, request.params.matchId, request.body, context(request)));
  route(app, endpoints.search, async (request) => searchLists(app.db, request.body));

  route(app, endpoints.myParties, async (request) => myParties(app.db, signedInUser(request).id));
  route(app, endpoints.myAddParty, async (request, reply) => reply.code(201).send(await myAddParty(app.db, request.body, context(request))));
  route(app, endpoints.myUpdateParty, async (request) => myUpdateParty(app.db, request.params.partyId, request.body, context(request)));
  route(app, endpoints.myDeleteParty, async (request) => myDeleteParty(app.db, request.params.partyId, request.body.version, context(request)));
  route(app, endpoints.registerEntries, async (request) => {
    const window = pageWindow(request.query);
    const { count, results } = await listRegister(app.db, request.query, window);
    return toPage(request, window, count, results);
  });
  route(app, endpoints.addRegisterEntry, async (request, reply) => reply.code(201).send(await addRegisterEntry(app.db, request.body, context(request), dubaiDate())));
  route(app, endpoints.updateRegisterEntry, async (request) => updateRegisterEntry(app.db, request.params.entryId, request.body, context(request), dubaiDate()));
}

/**
 * The AML demo: the demo lists with a history (two UN versions applied, a third pending approval), the
 * ADMIN and a second ADMIN marked compliance officers, every fresh due-diligence registration given a clean file (one owner
 * who manages it, screened clear, rated low), and
 * the last six the ADMIN's own, each showing one case: a registration waiting for its owners (the browser
 * walk adds them), a potential match that is a false positive by date of birth, a confirmed match (frozen,
 * with its goAML entry), a PEP needing enhanced due diligence, a three-layer ownership, expiring IDs, a
 * strong hit cleared as a false positive awaiting a second person's countersign; and an active client frozen by a
 * confirmed match.
 */
import { emiratesIdCheckDigit, type PartyRole } from '../../../../common/aml.ts';
import type { RiskAnswers } from '../../../../common/aml-risk.ts';
import { COUNTERSIGN_SCORE } from '../../../../common/aml-decisions.ts';
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import type { DemoContext } from '../../demo/context.ts';
import { DEMO_UAE_LIST, demoUnVersion } from '../../demo/aml-lists.ts';
import type { Queryable } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { importListIn } from './list-store.ts';
import { assessRisk } from './risk-store.ts';
import type { CandidateSchema } from '../../../../common/contract/aml.ts';
import { freezeClient } from './freeze-store.ts';
import type { AmlRegistration } from './registration.ts';
import { screenRegistration } from './screening-store.ts';

interface SeedParty {
  key?: string;
  owner?: string;
  kind?: 'person' | 'company';
  name: string;
  name_ar?: string;
  date_of_birth?: string;
  nationality?: string;
  residence?: string;
  id?: { type: 'emirates_id' | 'passport'; number: string; expires_on: string };
  roles: PartyRole[];
  share?: number;
  pep?: string;
  jurisdiction?: string;
  registration_number?: string;
}

const emiratesId = (year: number, serial: number) => {
  const first14 = `784${year}${String(serial).padStart(7, '0')}`;
  return `${first14}${emiratesIdCheckDigit(first14)}`;
};

const FIRST = ['Ahmed', 'Priya', 'Daniel', 'Noor', 'Ravi', 'Sofia', 'Karim', 'Hind', 'Tomasz', 'Leila', 'Arjun', 'Mona', 'Chen', 'Yara', 'Samir', 'Ines'];
const LAST = ['Al Zaabi', 'Menon', 'Fischer', 'Haddad', 'Iyer', 'Rossi', 'Bennani', 'Al Mazrouei', 'Nowak', 'Farouk', 'Desai', 'Saleh', 'Wei', 'Khoury', 'Aziz', 'Laurent'];
const NATIONALITIES = ['AE', 'IN', 'GB', 'JO', 'IN', 'IT', 'MA', 'AE', 'PL', 'EG', 'IN', 'EG', 'CN', 'LB', 'PK', 'FR'];

async function insertParties(tx: Queryable, registrationId: number, parties: readonly SeedParty[]): Promise<void> {
  const ids = new Map<string, number>();
  for (const party of parties) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO aml_parties (registration_id, owner_party_id, kind, name, name_ar, date_of_birth, nationality, residence, id_type, id_number, id_expires_on, roles, share_bp, pep, pep_details, jurisdiction, registration_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
      [
        registrationId, party.owner ? ids.get(party.owner) ?? null : null, party.kind ?? 'person', party.name, party.name_ar ?? null, party.date_of_birth ?? null,
        party.nationality ?? null, party.residence ?? null, party.id?.type ?? null, party.id?.number ?? null, party.id?.expires_on ?? null, JSON.stringify(party.roles),
        party.share === undefined ? null : Math.round(party.share * 100), Boolean(party.pep), party.pep ?? null, party.jurisdiction ?? null, party.registration_number ?? null,
      ],
    );
    if (party.key) ids.set(party.key, row!.id);
  }
}

/**
 * The lists' history, dated back from the seed's day: the UN list imported 40 days ago and again 11 days ago
 * (an entry added, one changed), a third file of two days ago that would remove two of its seven entries
 * pending the ADMIN's approval (the second compliance officer imported it); the UAE list imported once.
 */
async function seedLists(tx: Queryable, now: Date, adminId: number | null, secondId: number | null): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const generated = (days: number) => `${dubaiDate(daysAgo(days))}T05:00:00.000Z`;
  const imported = async (id: number, days: number) => tx.query('UPDATE aml_list_versions SET imported_at = $2 WHERE id = $1', [id, daysAgo(days)]);
  const un = (version: 1 | 2 | 3, days: number, by: number | null) => importListIn(tx, 'un', demoUnVersion(version, generated(days)), by, `consolidated-list-${dubaiDate(daysAgo(days))}.xml`);
  await imported((await un(1, 41, adminId)).version.id, 40);
  await imported((await importListIn(tx, 'uae-local', DEMO_UAE_LIST, adminId, 'uae-local-terrorist-list.csv')).version.id, 40);
  await imported((await un(2, 12, adminId)).version.id, 11);
  await imported((await un(3, 2, secondId ?? adminId)).version.id, 1);
}

/** A match confirmed as a person would: the decision, then the freeze with everything it brings (freezeClient). */
async function confirmMatch(tx: Queryable, registration: AmlRegistration, matchId: number, reason: string, adminId: number | null, today: string): Promise<void> {
  const [match] = await tx.query<{ id: number; candidate: CandidateSchema }>(
    "UPDATE aml_matches SET state = 'confirmed', reason = $2, decided_by = $3, decided_at = CURRENT_TIMESTAMP WHERE id = $1 RETURNING id, candidate",
    [matchId, reason, adminId],
  );
  if (adminId !== null && match) await freezeClient(tx, registration, match, adminId, today);
}

/**
 * An active client frozen by a confirmed match on the UN list: the Clients list's 'Frozen' badge, the banner on
 * its pages, its unsynced invoices held. The demo bookkeeper's own when one fits, so their console shows it too.
 */
async function seedFrozenClient(tx: Queryable, adminId: number | null, today: string): Promise<void> {
  const [client] = await tx.query<AmlRegistration & { client_id: number }>(
    `SELECT r.id, r.user_id, r.legal_name, c.id AS client_id FROM clients c JOIN registrations r ON r.id = c.registration_id LEFT JOIN users b ON b.id = c.bookkeeper_id
     WHERE c.status = 'active' AND EXISTS (SELECT 1 FROM invoices i WHERE i.client_id = c.id)
       -- Not a demo account's client: the client-side demo commands and their walks act for those.
       AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id IN (c.user_id, r.user_id) AND u.email LIKE '%@example.com')
     ORDER BY (b.email = 'bookkeeper@example.com') DESC, c.id DESC LIMIT 1`,
  );
  if (!client) return;
  await insertParties(tx, client.id, [
    { name: 'Ivan Petrovich Morozov', date_of_birth: '1962-11-02', nationality: 'RU', residence: 'AE', id: { type: 'passport', number: '754410982', expires_on: addDays(today, 640) }, roles: ['shareholder', 'director'], share: 51 },
    { name: 'Aditi Rao', date_of_birth: '1988-02-19', nationality: 'IN', residence: 'AE', id: { type: 'emirates_id', number: emiratesId(1988, 8_830_412), expires_on: addDays(today, 820) }, roles: ['shareholder', 'manager', 'signatory'], share: 49 },
  ]);
  await screenRegistration(tx, client, { notify: false });
  await rate(tx, client.id, { sector: 'logistics', services: ['bookkeeping', 'vat'], face_to_face: true }, adminId, today);
  const [match] = await tx.query<{ id: number }>(
    "SELECT m.id FROM aml_matches m JOIN aml_parties p ON p.id = m.party_id WHERE m.registration_id = $1 AND p.name = 'Ivan Petrovich Morozov' ORDER BY (m.candidate->>'score')::integer DESC LIMIT 1",
    [client.id],
  );
  if (match) await confirmMatch(tx, client, match.id, 'Name, date of birth and the passport details agree with the UN listing KPi.950.', adminId, today);
}

const rate = (tx: Queryable, registrationId: number, answers: RiskAnswers, ratedBy: number | null, today: string) => assessRisk(tx, registrationId, answers, ratedBy, today);

export async function seedAml(tx: Queryable, { now }: DemoContext): Promise<void> {
  const today = dubaiDate(now);
  const [admin] = await tx.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@example.com'");
  const adminId = admin?.id ?? null;
  const [second] = await tx.query<{ id: number }>("SELECT id FROM users WHERE email = 'compliance@example.com'");
  await tx.query("UPDATE users SET compliance_officer = true WHERE email IN ('admin@example.com', 'compliance@example.com') AND role = 'ADMIN'");
  await seedLists(tx, now, adminId, second?.id ?? null);

  const registrations = await tx.query<{ id: number; user_id: number; legal_name: string; fresh: boolean }>(
    `SELECT r.id, r.user_id, r.legal_name, (r.status = 'active' AND r.review_state IS NULL AND r.recieved_on IS NOT NULL) AS fresh
     FROM registrations r WHERE r.stage = 'documents_submitted' ORDER BY r.id`,
  );
  // The cases are the last six waiting for a first review; every other registration in due diligence is clean.
  const cases = registrations.filter((registration) => registration.fresh).slice(-6);
  const caseIds = new Set(cases.map((registration) => registration.id));
  const clean = registrations.filter((registration) => !caseIds.has(registration.id));
  const lowRisk: RiskAnswers = { sector: 'professional_services', services: ['bookkeeping', 'vat'], face_to_face: true };
  for (const [index, registration] of clean.entries()) {
    const nationality = NATIONALITIES[index % NATIONALITIES.length]!;
    await insertParties(tx, registration.id, [{
      name: `${FIRST[index % FIRST.length]!} ${LAST[(index * 7 + 3) % LAST.length]!}`,
      date_of_birth: `${1965 + (index % 30)}-0${1 + (index % 9)}-1${index % 10}`,
      nationality,
      residence: 'AE',
      id: { type: 'emirates_id', number: emiratesId(1965 + (index % 30), 100_000 + index), expires_on: addDays(today, 400 + index * 5) },
      roles: ['shareholder', 'manager', 'signatory'],
      share: 100,
    }]);
    await screenRegistration(tx, registration, { notify: false });
    await rate(tx, registration.id, lowRisk, null, today);
  }

  const [walk, falsePositive, confirmed, pep, layered, expiring] = cases;
  // The gate refuses an expired trade licence: the files waiting on due diligence hold their renewed licence,
  // but for the expiring IDs' case, whose licence expired months ago (the checklist names it with its date).
  await tx.query(
    `UPDATE company_profiles SET licence_expires_on = $2::date + (registration_id % 300) WHERE registration_id = ANY($1::integer[]) AND licence_expires_on < $2::date`,
    [registrations.filter((registration) => registration.id !== expiring?.id).map((registration) => registration.id), addDays(today, 60)],
  );
  if (expiring) await tx.query('UPDATE company_profiles SET licence_expires_on = $2 WHERE registration_id = $1', [expiring.id, addDays(today, -176)]);
  // So do the files whose documents are still to come after a held call (client5@example.com's, which the
  // onboarding walk submits and takes through due diligence): the licence they upload is the one in force.
  await tx.query(
    `UPDATE company_profiles p SET licence_expires_on = $1::date + (p.registration_id % 300)
     FROM registrations r WHERE r.id = p.registration_id AND r.stage = 'meeting_scheduled' AND r.status = 'active' AND p.licence_expires_on < $1::date`,
    [addDays(today, 60)],
  );
  // The AML walk's cases are the ADMIN's: a case another seed gave someone else is reassigned with its event, so
  // the timeline's last 'Assigned to' names the assignee the page shows.
  const [adminPerson] = await tx.query<{ id: number; display_name: string | null; email: string }>('SELECT id, display_name, email FROM users WHERE id = $1', [adminId]);
  for (const registration of cases) {
    const [moved] = await tx.query<{ id: number }>('UPDATE registrations SET assignee_id = $2 WHERE id = $1 AND assignee_id IS DISTINCT FROM $2 RETURNING id', [registration.id, adminId]);
    if (moved && adminPerson) await writeAudit(tx, { entity: 'registration', entityId: registration.id, kind: 'assigned', actorId: adminId, data: { assignee: adminPerson }, at: new Date(now.getTime() - 5 * 60_000) });
  }
  void walk; // Its owners are added by the reviewer (the browser walk): nothing seeded.

  if (falsePositive) {
    await insertParties(tx, falsePositive.id, [{
      name: 'Mohamed Abdulrahman Al Hashimi', name_ar: 'محمد عبدالرحمن الهاشمي', date_of_birth: '1991-04-12', nationality: 'YE', residence: 'AE',
      id: { type: 'emirates_id', number: emiratesId(1991, 4_512_201), expires_on: addDays(today, 700) }, roles: ['shareholder', 'manager'], share: 100,
    }]);
    await screenRegistration(tx, falsePositive, { notify: false });
  }

  if (confirmed) {
    await insertParties(tx, confirmed.id, [
      { name: 'Khalid Saeed Al Marri', name_ar: 'خالد سعيد المري', date_of_birth: '1979-03-12', nationality: 'QA', residence: 'AE', id: { type: 'passport', number: 'QA0097731', expires_on: addDays(today, 900) }, roles: ['shareholder', 'director'], share: 70 },
      { name: 'Vivek Raman', date_of_birth: '1983-08-30', nationality: 'IN', residence: 'AE', id: { type: 'emirates_id', number: emiratesId(1983, 2_204_118), expires_on: addDays(today, 500) }, roles: ['shareholder', 'manager', 'signatory'], share: 30 },
    ]);
    await screenRegistration(tx, confirmed, { notify: false });
    const [match] = await tx.query<{ id: number; reference: string; listed: string }>(
      "SELECT m.id, m.candidate->>'reference' AS reference, m.candidate->>'listed_name' AS listed FROM aml_matches m JOIN aml_parties p ON p.id = m.party_id WHERE m.registration_id = $1 AND p.name = 'Khalid Saeed Al Marri' ORDER BY (m.candidate->>'score')::integer DESC LIMIT 1",
      [confirmed.id],
    );
    if (match) await confirmMatch(tx, confirmed, match.id, 'Name, Arabic name, date of birth and nationality all agree with the listing.', adminId, today);
  }

  await seedFrozenClient(tx, adminId, today);

  if (pep) {
    await insertParties(tx, pep.id, [
      { name: 'Hamdan Rashid Al Ketbi', name_ar: 'حمدان راشد الكتبي', date_of_birth: '1969-01-21', nationality: 'AE', residence: 'AE', id: { type: 'emirates_id', number: emiratesId(1969, 3_310_442), expires_on: addDays(today, 1000) }, roles: ['shareholder', 'director'], share: 60, pep: 'Former member of a municipal council (2012-2020)' },
      { name: 'Grace Okafor', date_of_birth: '1987-05-05', nationality: 'NG', residence: 'AE', id: { type: 'passport', number: 'A09876543', expires_on: addDays(today, 800) }, roles: ['shareholder', 'manager', 'signatory'], share: 40 },
    ]);
    await screenRegistration(tx, pep, { notify: false });
    await rate(tx, pep.id, { sector: 'real_estate', services: ['bookkeeping', 'cfo'], face_to_face: true }, adminId, today);
  }

  if (layered) {
    await insertParties(tx, layered.id, [
      { key: 'holding', kind: 'company', name: 'Gulf Meridian Holding Ltd', jurisdiction: 'AE', registration_number: 'DIFC-CL-4471', roles: ['shareholder'], share: 80 },
      { key: 'invest', owner: 'holding', kind: 'company', name: 'Sea Lantern Investments FZE', jurisdiction: 'AE', registration_number: 'JAFZA-88120', roles: ['shareholder'], share: 60 },
      { owner: 'invest', name: 'Reem Al Nuaimi', date_of_birth: '1982-10-09', nationality: 'AE', residence: 'AE', id: { type: 'emirates_id', number: emiratesId(1982, 6_001_733), expires_on: addDays(today, 600) }, roles: ['shareholder'], share: 60 },
      { owner: 'invest', name: 'Sanjay Kapoor', date_of_birth: '1975-02-17', nationality: 'IN', residence: 'AE', id: { type: 'passport', number: 'Z4410987', expires_on: addDays(today, 300) }, roles: ['shareholder'], share: 40 },
      { owner: 'holding', name: 'Lina Haddad', date_of_birth: '1990-07-07', nationality: 'LB', residence: 'AE', id: { type: 'passport', number: 'LR1122334', expires_on: addDays(today, 450) }, roles: ['shareholder'], share: 20 },
      { name: 'Omar Farouk', date_of_birth: '1979-12-01', nationality: 'EG', residence: 'AE', id: { type: 'emirates_id', number: emiratesId(1979, 7_120_550), expires_on: addDays(today, 720) }, roles: ['shareholder', 'manager', 'signatory'], share: 20 },
    ]);
    await screenRegistration(tx, layered, { notify: false });
    await rate(tx, layered.id, { sector: 'general_trading', services: ['bookkeeping', 'vat', 'corporate_tax'], face_to_face: false }, adminId, today);
  }

  if (expiring) {
    await insertParties(tx, expiring.id, [
      { name: 'Farah Siddiqui', date_of_birth: '1986-03-03', nationality: 'PK', residence: 'AE', id: { type: 'emirates_id', number: emiratesId(1986, 5_550_101), expires_on: addDays(today, 12) }, roles: ['shareholder', 'manager', 'signatory'], share: 100 },
      { name: 'Marco Bellini', date_of_birth: '1978-09-14', nationality: 'IT', residence: 'AE', id: { type: 'passport', number: 'YA7654321', expires_on: addDays(today, -5) }, roles: ['director'] },
      { name: 'Ivan Petrovich Morozov', date_of_birth: '1988-04-19', nationality: 'RU', residence: 'AE', id: { type: 'passport', number: '7712093', expires_on: addDays(today, 1500) }, roles: ['signatory'] },
    ]);
    await screenRegistration(tx, expiring, { notify: false });
    await rate(tx, expiring.id, lowRisk, adminId, today);
    // A strong hit cleared by the ADMIN, waiting for a second person's countersign (four eyes).
    const [hit] = await tx.query<{ id: number; reference: string; list: string; party_id: number }>(
      "SELECT m.id, m.candidate->>'reference' AS reference, m.candidate->>'list' AS list, m.party_id FROM aml_matches m JOIN aml_parties p ON p.id = m.party_id WHERE m.registration_id = $1 AND p.name = 'Ivan Petrovich Morozov' AND (m.candidate->>'score')::integer >= $2 ORDER BY m.id LIMIT 1",
      [expiring.id, COUNTERSIGN_SCORE],
    );
    if (hit) {
      const reason = 'Passport 7712093 checked: born 1988 in Kazan, the listed person in 1962. A namesake.';
      const decidedAt = new Date(now.getTime() - 3 * 3_600_000);
      await tx.query("UPDATE aml_matches SET state = 'false_positive', countersign_due = true, reason = $2, decided_by = $3, decided_at = $4, version = version + 1 WHERE id = $1", [hit.id, reason, adminId, decidedAt]);
      await writeAudit(tx, {
        entity: 'aml_match', entityId: hit.id, kind: 'match_false_positive', actorId: adminId, at: decidedAt,
        data: { registration_id: expiring.id, party_id: hit.party_id, list: hit.list, reference: hit.reference, reason, awaiting_second_review: true },
        before: { state: 'potential' }, after: { state: 'awaiting_second_review' },
      });
    }
  }
}

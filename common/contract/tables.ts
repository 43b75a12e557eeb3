/**
 * Every area's endpoint table and contract, for what reads them all: tests/common/endpoint-tables.test.ts
 * compares the tables with the routes the apps register (both ways) and the API description
 * (backend/src/lib/openapi.ts) names the contracts' exported schemas. An area adds its line to each list.
 */
import * as aml from './aml.ts';
import * as apiDocs from './api-docs.ts';
import * as audit from './audit.ts';
import * as capacity from './capacity.ts';
import * as careers from './careers.ts';
import * as chats from './chats.ts';
import * as clients from './clients.ts';
import * as crm from './crm.ts';
import * as devices from './devices.ts';
import type { BulkActionDef } from './bulk.ts';
import * as einvoicing from './einvoicing.ts';
import type { Endpoint } from './endpoint.ts';
import * as enquiries from './enquiries.ts';
import * as faqs from './faqs.ts';
import * as invoices from './invoices.ts';
import * as notifications from './notifications.ts';
import * as plans from './plans.ts';
import * as practice from './practice.ts';
import * as registrations from './registrations.ts';
import * as requests from './requests.ts';
import * as security from './security.ts';
import * as shared from './shared.ts';
import * as tasks from './tasks.ts';
import * as time from './time.ts';
import * as users from './users.ts';
import * as work from './work.ts';

export const ENDPOINT_TABLES: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = {
  aml: aml.amlEndpoints,
  api: apiDocs.apiDocsEndpoints,
  audit: audit.auditEndpoints,
  capacity: capacity.capacityEndpoints,
  careers: careers.careersEndpoints,
  chats: chats.chatsEndpoints,
  clients: clients.clientsEndpoints,
  crm: crm.crmEndpoints,
  devices: devices.devicesEndpoints,
  einvoicing: einvoicing.einvoicingEndpoints,
  enquiries: enquiries.enquiriesEndpoints,
  faqs: faqs.faqsEndpoints,
  invoices: invoices.invoicesEndpoints,
  notifications: notifications.notificationsEndpoints,
  plans: plans.plansEndpoints,
  practice: practice.practiceEndpoints,
  registrations: registrations.registrationsEndpoints,
  requests: requests.requestsEndpoints,
  security: security.securityEndpoints,
  tasks: tasks.tasksEndpoints,
  time: time.timeEndpoints,
  users: users.usersEndpoints,
  work: work.workEndpoints,
};

/** Every endpoint of every table, with its table and key ('faqs.update'). */
export const ALL_ENDPOINTS: readonly { name: string; endpoint: Endpoint }[] = Object.entries(ENDPOINT_TABLES).flatMap(([table, entries]) =>
  Object.entries(entries).map(([key, endpoint]) => ({ name: `${table}.${key}`, endpoint })),
);

/** Every bulk action the contracts declare (their params schemas): the back end runs exactly these. */
export const BULK_TABLES: readonly Readonly<Record<string, BulkActionDef>>[] = [
  careers.careersBulkActions,
  chats.chatsBulkActions,
  clients.clientsBulkActions,
  crm.crmBulkActions,
  enquiries.enquiriesBulkActions,
  faqs.faqsBulkActions,
  invoices.unsyncedInvBulkActions,
  registrations.dueDiligenceBulkActions,
  requests.requestsBulkActions,
  tasks.tasksBulkActions,
  users.usersBulkActions,
];

/** Every contract bulk action. */
export const ALL_BULK_ACTIONS: readonly BulkActionDef[] = BULK_TABLES.flatMap((table) => Object.values(table));

const CONTRACTS: readonly Record<string, unknown>[] = [shared, aml, apiDocs, audit, capacity, careers, chats, clients, crm, devices, einvoicing, enquiries, faqs, invoices, notifications, plans, practice, registrations, requests, security, tasks, time, users, work];

/** The contracts' exported schemas by their export name ('RegistrationReview'): the API description's components. */
export const SCHEMA_NAMES: ReadonlyMap<object, string> = new Map(
  CONTRACTS.flatMap((contract) =>
    Object.entries(contract).filter((entry): entry is [string, object] => {
      const value = entry[1];
      return typeof value === 'object' && value !== null && /^[A-Z]/.test(entry[0]) && ('type' in value || 'anyOf' in value);
    }).map(([name, schema]) => [schema, name] as const),
  ),
);

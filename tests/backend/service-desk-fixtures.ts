/** A client as the service-desk tests make them (createClient's input), with the bookkeeper and user they name. */
import { addDays, dubaiDate } from '../../common/calendar.ts';
import type { NewClient } from '../../backend/src/modules/clients/index.ts';

export function deskClient(changes: Partial<NewClient> & Pick<NewClient, 'bookkeeperId'>): NewClient {
  return {
    registrationId: null,
    userId: null,
    legalName: 'Desk Trading LLC',
    tradeLicenceNumber: `CN-${Math.floor(Math.random() * 1e7)}`,
    licensingAuthority: 'Mainland (DET)',
    legalForm: 'Limited Liability Company (LLC)',
    licenceExpiresOn: addDays(dubaiDate(), 300),
    vatRegistered: false,
    trn: null,
    vatPeriod: null,
    vatFirstPeriodEndMonth: null,
    corporateTaxNumber: null,
    financialYearEndMonth: 12,
    email: 'accounts@desk.ae',
    phone: '+971 4 000 0000',
    address: 'Business Bay, Dubai',
    reviewerId: null,
    ...changes,
  };
}

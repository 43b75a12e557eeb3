/**
 * The PINT AE (UBL 2.1) document of a tax invoice (type 380) or credit note (381), built with xmlbuilder2 from
 * the invoice as it was issued (its client snapshot, lines and totals in fils). Elements are written in the
 * order the UBL 2.1 schema gives them; amounts are the stored fils placed as decimals, never recomputed as
 * floats, so the document agrees to the fil with the PDF and the books.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import {
  CREDIT_NOTE_REASON_CODE,
  EMIRATE_NAMES,
  PINT_AE_CUSTOMIZATION_ID,
  PINT_AE_PROFILE_ID,
  SELLER,
  transactionFlags,
  UAE_ENDPOINT_SCHEME,
  type EmirateCode,
} from '../../../../common/einvoicing.ts';
import { filsToDecimal } from '../../../../common/money.ts';

export const UBL_NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** VAT categories (UNCL5305 as PINT AE aligns them): S standard 5 %, Z zero-rated, E exempt, O out of scope. */
export type VatCategory = 'S' | 'Z' | 'E' | 'O';
/** The rate of a category in percent, or null where the rules forbid one (E, O). */
export const CATEGORY_PERCENT: Record<VatCategory, string | null> = { S: '5', Z: '0', E: null, O: null };
/** The exemption reason an E or O line carries (aligned-ibrp-e-10 / o-10). */
const EXEMPTION: Partial<Record<VatCategory, { code: string; text: string }>> = {
  E: { code: 'VATEX-AE-EXEMPT', text: 'Exempt from VAT' },
  O: { code: 'VATEX-AE-OOS', text: 'Not subject to VAT' },
};
/** The firm's supplies are services: item type S and the service accounting code (BTAE-13, BTAE-17) of accounting services. */
export const SERVICE_ACCOUNTING_CODE = '998222';

export interface EinvoiceLine {
  position: number;
  description: string;
  quantity: number;
  unit_fils: number;
  net_fils: number;
  vat_fils: number;
  total_fils: number;
  /** S unless the line says otherwise. */
  category?: VatCategory;
}

export interface EinvoiceParty {
  legalName: string;
  /** The address as one text: its street line; the emirate comes separately. */
  address: string;
  emirate: EmirateCode | null;
  /** 15 digits; null for a buyer not registered for VAT. */
  trn: string | null;
  /** 10 digits: the Peppol endpoint 0235:<tin>. */
  tin: string | null;
  licence: string;
  licensingAuthority: string;
}

export interface EinvoiceSource {
  kind: 'invoice' | 'credit_note';
  number: string;
  uuid: string;
  issuedOn: string;
  /** hh:mm:ss in Dubai time. */
  issuedAt: string;
  dueOn: string;
  period: { start: string; end: string; frequency: string | null } | null;
  /** The invoice a credit note corrects, and why. */
  credited: { number: string; issuedOn: string } | null;
  reason: string | null;
  buyer: EinvoiceParty;
  lines: EinvoiceLine[];
  net_fils: number;
  vat_fils: number;
  total_fils: number;
}

const amount = (parent: XMLBuilder, name: string, fils: number) => parent.ele(UBL_NS.cbc, `cbc:${name}`, { currencyID: 'AED' }).txt(filsToDecimal(fils)).up();
const text = (parent: XMLBuilder, name: string, value: string, attributes?: Record<string, string>) => parent.ele(UBL_NS.cbc, `cbc:${name}`, attributes).txt(value).up();
const group = (parent: XMLBuilder, name: string) => parent.ele(UBL_NS.cac, `cac:${name}`);

function taxScheme(parent: XMLBuilder): void {
  text(group(parent, 'TaxScheme'), 'ID', 'VAT');
}

function taxCategory(parent: XMLBuilder, name: 'TaxCategory' | 'ClassifiedTaxCategory', category: VatCategory): void {
  const node = group(parent, name);
  text(node, 'ID', category);
  const percent = CATEGORY_PERCENT[category];
  if (percent !== null) text(node, 'Percent', percent);
  const exemption = EXEMPTION[category];
  if (exemption) {
    text(node, 'TaxExemptionReasonCode', exemption.code);
    text(node, 'TaxExemptionReason', exemption.text);
  }
  taxScheme(node);
}

function party(parent: XMLBuilder, role: 'AccountingSupplierParty' | 'AccountingCustomerParty', who: EinvoiceParty, tradeName: string | null): void {
  const node = group(group(parent, role), 'Party');
  if (who.tin) text(node, 'EndpointID', who.tin, { schemeID: UAE_ENDPOINT_SCHEME });
  if (tradeName) text(group(node, 'PartyName'), 'Name', tradeName);
  const address = group(node, 'PostalAddress');
  text(address, 'StreetName', who.address);
  if (who.emirate) {
    text(address, 'CityName', EMIRATE_NAMES[who.emirate]);
    text(address, 'CountrySubentity', who.emirate);
  }
  text(group(address, 'Country'), 'IdentificationCode', 'AE');
  // A buyer not registered for VAT has no VAT identifier: the party tax scheme is left out, never invented.
  if (who.trn) {
    const scheme = group(node, 'PartyTaxScheme');
    text(scheme, 'CompanyID', who.trn);
    taxScheme(scheme);
  }
  const legal = group(node, 'PartyLegalEntity');
  text(legal, 'RegistrationName', who.legalName);
  text(legal, 'CompanyID', who.licence, { schemeAgencyID: 'TL', schemeAgencyName: who.licensingAuthority });
}

/** The seller's party as every document carries it. */
export const SELLER_PARTY: EinvoiceParty = {
  legalName: SELLER.name,
  address: SELLER.street,
  emirate: SELLER.emirate,
  trn: SELLER.trn,
  tin: SELLER.tin,
  licence: SELLER.licence,
  licensingAuthority: SELLER.licensingAuthority,
};

interface Breakdown {
  category: VatCategory;
  taxable: number;
  tax: number;
}

/** The VAT breakdown: one subtotal per category, the sums of its lines' stored amounts. */
export function vatBreakdown(lines: readonly EinvoiceLine[]): Breakdown[] {
  const byCategory = new Map<VatCategory, Breakdown>();
  for (const line of lines) {
    const category = line.category ?? 'S';
    const entry = byCategory.get(category) ?? { category, taxable: 0, tax: 0 };
    entry.taxable += line.net_fils;
    entry.tax += line.vat_fils;
    byCategory.set(category, entry);
  }
  return [...byCategory.values()];
}

/** The document as UTF-8 XML text. */
export function buildEinvoiceXml(source: EinvoiceSource): string {
  const credit = source.kind === 'credit_note';
  const root = credit ? 'CreditNote' : 'Invoice';
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(UBL_NS[root], root).att('xmlns:cac', UBL_NS.cac).att('xmlns:cbc', UBL_NS.cbc);
  text(doc, 'CustomizationID', PINT_AE_CUSTOMIZATION_ID);
  text(doc, 'ProfileID', PINT_AE_PROFILE_ID);
  text(doc, 'ProfileExecutionID', transactionFlags({ continuousSupply: source.period?.frequency != null }));
  text(doc, 'ID', source.number);
  text(doc, 'UUID', source.uuid);
  text(doc, 'IssueDate', source.issuedOn);
  text(doc, 'IssueTime', `${source.issuedAt}+04:00`);
  if (!credit) text(doc, 'DueDate', source.dueOn);
  text(doc, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', credit ? '381' : '380');
  if (source.reason) text(doc, 'Note', source.reason);
  text(doc, 'DocumentCurrencyCode', 'AED');
  if (source.period) {
    const period = group(doc, 'InvoicePeriod');
    text(period, 'StartDate', source.period.start);
    text(period, 'EndDate', source.period.end);
    if (source.period.frequency) text(period, 'Description', source.period.frequency);
  }
  if (credit) text(group(doc, 'DiscrepancyResponse'), 'ResponseCode', CREDIT_NOTE_REASON_CODE);
  if (source.credited) {
    const reference = group(group(doc, 'BillingReference'), 'InvoiceDocumentReference');
    text(reference, 'ID', source.credited.number);
    text(reference, 'IssueDate', source.credited.issuedOn);
  }
  party(doc, 'AccountingSupplierParty', SELLER_PARTY, SELLER.tradeName);
  party(doc, 'AccountingCustomerParty', source.buyer, null);
  if (!credit) {
    const means = group(doc, 'PaymentMeans');
    text(means, 'PaymentMeansCode', '30', { name: 'Credit transfer' });
    text(means, 'PaymentID', source.number);
    const account = group(means, 'PayeeFinancialAccount');
    text(account, 'ID', SELLER.iban);
    text(account, 'Name', SELLER.name);
  }
  text(group(doc, 'PaymentTerms'), 'Note', credit ? `Credit against ${source.credited?.number ?? ''}`.trim() : `Due by ${source.dueOn}`);
  const taxTotal = group(doc, 'TaxTotal');
  amount(taxTotal, 'TaxAmount', source.vat_fils);
  for (const subtotal of vatBreakdown(source.lines)) {
    const node = group(taxTotal, 'TaxSubtotal');
    amount(node, 'TaxableAmount', subtotal.taxable);
    amount(node, 'TaxAmount', subtotal.tax);
    taxCategory(node, 'TaxCategory', subtotal.category);
  }
  const totals = group(doc, 'LegalMonetaryTotal');
  amount(totals, 'LineExtensionAmount', source.net_fils);
  amount(totals, 'TaxExclusiveAmount', source.net_fils);
  amount(totals, 'TaxInclusiveAmount', source.total_fils);
  amount(totals, 'PayableAmount', source.total_fils);
  for (const line of source.lines) {
    const node = group(doc, credit ? 'CreditNoteLine' : 'InvoiceLine');
    text(node, 'ID', String(line.position));
    text(node, credit ? 'CreditedQuantity' : 'InvoicedQuantity', String(line.quantity), { unitCode: 'C62' });
    amount(node, 'LineExtensionAmount', line.net_fils);
    if (source.period) {
      const period = group(node, 'InvoicePeriod');
      text(period, 'StartDate', source.period.start);
      text(period, 'EndDate', source.period.end);
    }
    const item = group(node, 'Item');
    text(item, 'Description', line.description);
    text(item, 'Name', line.description.length > 100 ? `${[...line.description].slice(0, 99).join('')}…` : line.description);
    const classification = group(item, 'CommodityClassification');
    text(classification, 'CommodityCode', 'S');
    text(classification, 'ItemClassificationCode', SERVICE_ACCOUNTING_CODE, { listID: 'SAC' });
    taxCategory(item, 'ClassifiedTaxCategory', line.category ?? 'S');
    const price = group(node, 'Price');
    amount(price, 'PriceAmount', line.unit_fils);
    text(price, 'BaseQuantity', '1', { unitCode: 'C62' });
    const gross = group(price, 'AllowanceCharge');
    text(gross, 'ChargeIndicator', 'false');
    amount(gross, 'Amount', 0);
    amount(gross, 'BaseAmount', line.unit_fils);
    const extension = group(node, 'ItemPriceExtension');
    amount(extension, 'Amount', line.total_fils);
    // An exempt line carries no line VAT (ibr-163-ae).
    if ((line.category ?? 'S') !== 'E') amount(group(extension, 'TaxTotal'), 'TaxAmount', line.vat_fils);
  }
  return doc.end({ prettyPrint: true });
}

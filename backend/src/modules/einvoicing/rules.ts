/**
 * Checks a PINT AE document before it leaves: the UBL 2.1 structure of the parts the firm's documents use
 * (element order and cardinality) and the PINT AE business rules they touch, each named by the rule id of the
 * PINT AE 1.0.x schematron (ibr-..., aligned-ibrp-...), with its text and the field a person fixes. Read with
 * fast-xml-parser; amounts are compared as integers (ten-thousandths of a dirham), never as floats.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CLIENT_TIN_FIELD, EMIRATES, FREQUENCY_CODES, PINT_AE_CUSTOMIZATION_ID, PINT_AE_PROFILE_ID, type RuleFailure } from '../../../../common/einvoicing.ts';

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false, isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute, alwaysCreateTextNode: true, trimValues: true });
const orderedParser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, preserveOrder: true, parseTagValue: false });

/** Every node at a path of element names below `node` ('AccountingSupplierParty/Party'). */
export function nodesAt(node: XmlNode | undefined, path: string): XmlNode[] {
  let current: XmlNode[] = node ? [node] : [];
  for (const name of path.split('/')) current = current.flatMap((each) => (Array.isArray(each[name]) ? (each[name] as XmlNode[]) : []));
  return current;
}
/** The text of the first node at a path, trimmed; undefined when absent, '' when empty. */
export function textAt(node: XmlNode | undefined, path: string): string | undefined {
  const [first] = nodesAt(node, path);
  if (!first) return undefined;
  const value = first['#text'];
  return typeof value === 'string' ? value.trim() : '';
}
export function attributeAt(node: XmlNode | undefined, path: string, name: string): string | undefined {
  const [first] = nodesAt(node, path);
  const value = first?.[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** Millionths of a dirham from a decimal text (samples carry up to 5 decimals); null when not a decimal. */
export function units(value: string | undefined): number | null {
  if (value === undefined) return null;
  const match = /^([+-]?)(\d{1,9})(?:\.(\d{1,6}))?$/.exec(value.trim());
  if (!match) return null;
  const whole = Number(match[2]) * UNIT + Number((match[3] ?? '').padEnd(6, '0'));
  return match[1] === '-' ? -whole : whole;
}
const UNIT = 1_000_000;
const FIL = UNIT / 100;
const decimals = (value: string | undefined) => (value?.split('.')[1] ?? '').length;
/** Rounds to the fil (half away from zero), in the same unit. */
const toFil = (value: number) => Math.sign(value) * Math.round(Math.abs(value) / FIL) * FIL;
/** a x b / c in integers (BigInt: the products pass 2^53), rounded half away from zero. */
function mulDiv(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const negative = product < 0n !== divisor < 0n;
  const [p, d] = [product < 0n ? -product : product, divisor < 0n ? -divisor : divisor];
  const quotient = (p * 2n + d) / (d * 2n);
  return Number(negative ? -quotient : quotient);
}

// The UBL 2.1 element order of the parts the firm's documents use (schema sequences, abridged to these parts).
const ROOT_ORDER = [
  'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'CopyIndicator', 'UUID', 'IssueDate', 'IssueTime', 'DueDate',
  'InvoiceTypeCode', 'CreditNoteTypeCode', 'Note', 'TaxPointDate', 'DocumentCurrencyCode', 'TaxCurrencyCode', 'PricingCurrencyCode', 'PaymentCurrencyCode',
  'PaymentAlternativeCurrencyCode', 'AccountingCostCode', 'AccountingCost', 'LineCountNumeric', 'BuyerReference', 'InvoicePeriod', 'DiscrepancyResponse',
  'OrderReference', 'BillingReference', 'DespatchDocumentReference', 'ReceiptDocumentReference', 'StatementDocumentReference', 'OriginatorDocumentReference',
  'ContractDocumentReference', 'AdditionalDocumentReference', 'ProjectReference', 'Signature', 'AccountingSupplierParty', 'AccountingCustomerParty', 'PayeeParty',
  'BuyerCustomerParty', 'SellerSupplierParty', 'TaxRepresentativeParty', 'Delivery', 'DeliveryTerms', 'PaymentMeans', 'PaymentTerms', 'PrepaidPayment',
  'AllowanceCharge', 'TaxExchangeRate', 'PricingExchangeRate', 'PaymentExchangeRate', 'PaymentAlternativeExchangeRate', 'TaxTotal', 'WithholdingTaxTotal',
  'LegalMonetaryTotal', 'InvoiceLine', 'CreditNoteLine',
];
/** The credit note's sequence differs from the invoice's in its document references only. */
const CREDIT_NOTE_ORDER = ROOT_ORDER.filter((name) => !['StatementDocumentReference', 'OriginatorDocumentReference', 'ProjectReference'].includes(name)).flatMap((name) =>
  name === 'AdditionalDocumentReference' ? [name, 'StatementDocumentReference', 'OriginatorDocumentReference'] : [name],
);
const PARTY_ORDER = ['MarkCareIndicator', 'MarkAttentionIndicator', 'WebsiteURI', 'LogoReferenceID', 'EndpointID', 'IndustryClassificationCode', 'PartyIdentification', 'PartyName', 'Language', 'PostalAddress', 'PhysicalLocation', 'PartyTaxScheme', 'PartyLegalEntity', 'Contact', 'Person', 'AgentParty', 'ServiceProviderParty', 'PowerOfAttorney', 'FinancialAccount'];
const LINE_ORDER = ['ID', 'UUID', 'Note', 'InvoicedQuantity', 'CreditedQuantity', 'LineExtensionAmount', 'TaxPointDate', 'AccountingCostCode', 'AccountingCost', 'PaymentPurposeCode', 'FreeOfChargeIndicator', 'InvoicePeriod', 'DiscrepancyResponse', 'OrderLineReference', 'DespatchLineReference', 'ReceiptLineReference', 'BillingReference', 'DocumentReference', 'PricingReference', 'OriginatorParty', 'Delivery', 'PaymentTerms', 'AllowanceCharge', 'TaxTotal', 'WithholdingTaxTotal', 'Item', 'Price', 'DeliveryTerms', 'SubInvoiceLine', 'ItemPriceExtension'];
const TOTAL_ORDER = ['LineExtensionAmount', 'TaxExclusiveAmount', 'TaxInclusiveAmount', 'AllowanceTotalAmount', 'ChargeTotalAmount', 'PrepaidAmount', 'PayableRoundingAmount', 'PayableAmount'];
/** Elements that may occur once (the rest of the sequence may repeat). */
const ROOT_SINGLE = new Set(['CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'UUID', 'IssueDate', 'IssueTime', 'DueDate', 'InvoiceTypeCode', 'CreditNoteTypeCode', 'DocumentCurrencyCode', 'TaxCurrencyCode', 'BuyerReference', 'AccountingSupplierParty', 'AccountingCustomerParty', 'PayeeParty', 'LegalMonetaryTotal', 'InvoicePeriod']);
const PARTY_SINGLE = new Set(['EndpointID', 'PostalAddress', 'PartyLegalEntity', 'Contact']);

type Ordered = Record<string, unknown>[];
const childNames = (children: Ordered) => children.map((child) => Object.keys(child).find((key) => key !== ':@' && key !== '#text')).filter((name): name is string => name !== undefined);
const childrenOf = (children: Ordered, name: string): Ordered[] => children.filter((child) => name in child).map((child) => child[name] as Ordered);

function checkSequence(where: string, names: string[], order: readonly string[], single: ReadonlySet<string>, failures: RuleFailure[]): void {
  let last = -1;
  const seen = new Set<string>();
  for (const name of names) {
    const at = order.indexOf(name);
    if (at < 0) failures.push({ rule: 'UBL-2.1-SCHEMA', text: `${where}: element ${name} is not allowed here`, field: 'Document structure' });
    else if (at < last) failures.push({ rule: 'UBL-2.1-SCHEMA', text: `${where}: element ${name} is out of order`, field: 'Document structure' });
    else last = at;
    if (single.has(name) && seen.has(name)) failures.push({ rule: 'UBL-2.1-SCHEMA', text: `${where}: element ${name} may occur once`, field: 'Document structure' });
    seen.add(name);
  }
}

/** The UBL 2.1 structure of the parts used: root, parties, lines and totals in schema order, singletons once. */
export function checkStructure(xml: string): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const top = orderedParser.parse(xml) as Ordered;
  const [rootName] = childNames(top).filter((name) => name !== '?xml');
  if (rootName !== 'Invoice' && rootName !== 'CreditNote') return [{ rule: 'UBL-2.1-SCHEMA', text: 'The document must be a UBL Invoice or CreditNote', field: 'Document structure' }];
  const [root = []] = childrenOf(top, rootName);
  checkSequence(rootName, childNames(root), rootName === 'Invoice' ? ROOT_ORDER : CREDIT_NOTE_ORDER, ROOT_SINGLE, failures);
  for (const role of ['AccountingSupplierParty', 'AccountingCustomerParty']) {
    for (const holder of childrenOf(root, role)) for (const party of childrenOf(holder, 'Party')) checkSequence(`${role}/Party`, childNames(party), PARTY_ORDER, PARTY_SINGLE, failures);
  }
  for (const line of [...childrenOf(root, 'InvoiceLine'), ...childrenOf(root, 'CreditNoteLine')]) checkSequence(`${rootName}Line`, childNames(line), LINE_ORDER, new Set(['ID', 'LineExtensionAmount', 'Item', 'Price', 'InvoicePeriod']), failures);
  for (const totals of childrenOf(root, 'LegalMonetaryTotal')) checkSequence('LegalMonetaryTotal', childNames(totals), TOTAL_ORDER, new Set(TOTAL_ORDER), failures);
  return failures;
}

interface Rule {
  id: string;
  text: string;
  field: string;
  /** Answers true when the document keeps the rule. */
  holds: (doc: Doc) => boolean;
}

interface Doc {
  root: XmlNode;
  credit: boolean;
  seller: XmlNode | undefined;
  buyer: XmlNode | undefined;
  lines: XmlNode[];
}

const TRN = /^1\d{12}03$/;
const EMIRATE_CODES = Object.keys(EMIRATES);
const CATEGORY_CODES = ['S', 'E', 'O', 'AE', 'Z', 'N'];
const REASON_CODES = ['DL8.61.1.A', 'DL8.61.1.B', 'DL8.61.1.C', 'DL8.61.1.D', 'DL8.61.1.E', 'VD'];
const FREQUENCIES = [...Object.values(FREQUENCY_CODES), 'DLY', 'WKY', 'Q15', 'Q45', 'Q60', 'HYR', 'OTH'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string | undefined) => value !== undefined && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const categoryOf = (line: XmlNode) => textAt(line, 'Item/ClassifiedTaxCategory/ID');
const lineQuantity = (line: XmlNode) => textAt(line, 'InvoicedQuantity') ?? textAt(line, 'CreditedQuantity');
const sum = (values: (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
const subtotals = (doc: Doc) => nodesAt(doc.root, 'TaxTotal/TaxSubtotal');
const totalsOf = (doc: Doc, name: string) => units(textAt(doc.root, `LegalMonetaryTotal/${name}`));
/** Within u:slack's tolerance of 2 fils (0.02 AED), as the schematron allows for rounding. */
const slack = (a: number, b: number) => Math.abs(a - b) <= 2 * FIL;

/** The rules the firm's documents touch, by their PINT AE ids. The field names what a person fixes. */
export const RULES: readonly Rule[] = [
  { id: 'aligned-ibrp-001-ae', text: "Specification identifier (ibt-024) MUST start with the value 'urn:peppol:pint:billing-1@ae-1'.", field: 'Document', holds: (d) => (textAt(d.root, 'CustomizationID') ?? '').startsWith(PINT_AE_CUSTOMIZATION_ID) },
  { id: 'aligned-ibrp-002-ae', text: "Business process (ibt-023) MUST be in the format 'urn:peppol:bis:billing'.", field: 'Document', holds: (d) => textAt(d.root, 'ProfileID') === PINT_AE_PROFILE_ID },
  { id: 'ibr-154-ae', text: 'Invoice transaction type code (BTAE-02) must be 8 characters of 0 and 1.', field: 'Transaction type', holds: (d) => /^[01]{8}$/.test(textAt(d.root, 'ProfileExecutionID') ?? '') },
  { id: 'ibr-002', text: 'An Invoice MUST have an Invoice number (ibt-001).', field: 'Invoice number', holds: (d) => !!textAt(d.root, 'ID') },
  { id: 'ibr-003', text: 'An Invoice MUST have an Invoice issue date (ibt-002).', field: 'Issue date', holds: (d) => textAt(d.root, 'IssueDate') !== undefined },
  { id: 'ibr-073', text: 'A date MUST be formatted YYYY-MM-DD.', field: 'Dates', holds: (d) => ['IssueDate', 'DueDate', 'InvoicePeriod/StartDate', 'InvoicePeriod/EndDate', 'BillingReference/InvoiceDocumentReference/IssueDate'].every((path) => textAt(d.root, path) === undefined || isDate(textAt(d.root, path))) },
  { id: 'ibr-119', text: 'A time MUST be formatted hh:mm:ss with optional fractional seconds and time zone.', field: 'Issue time', holds: (d) => { const time = textAt(d.root, 'IssueTime'); return time === undefined || /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(time); } },
  { id: 'ibr-193-ae', text: 'The unique identifier number (BTAE-07) must be provided.', field: 'UUID', holds: (d) => !!textAt(d.root, 'UUID') },
  { id: 'ibr-cl-01', text: 'The document type code (ibt-003) MUST be coded by the invoice and credit note related code lists of UNTDID 1001.', field: 'Document type', holds: (d) => (d.credit ? ['381', '81'] : ['380', '480', '81', '381']).includes(textAt(d.root, d.credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode') ?? '') },
  { id: 'ibr-cl-04', text: 'Invoice currency code (ibt-005) MUST be coded using ISO code list 4217 alpha-3.', field: 'Currency', holds: (d) => /^[A-Z]{3}$/.test(textAt(d.root, 'DocumentCurrencyCode') ?? '') },
  { id: 'ibr-126', text: 'All currencyID attributes must have the same value as the Invoice currency code (ibt-005).', field: 'Currency', holds: (d) => { const currency = textAt(d.root, 'DocumentCurrencyCode'); const taxCurrency = textAt(d.root, 'TaxCurrencyCode'); return [...nodesAt(d.root, 'TaxTotal/TaxAmount').filter((node) => node['@_currencyID'] !== taxCurrency || taxCurrency === currency), ...nodesAt(d.root, 'LegalMonetaryTotal/PayableAmount'), ...d.lines.flatMap((line) => nodesAt(line, 'LineExtensionAmount'))].every((node) => node['@_currencyID'] === currency); } },
  { id: 'ibr-005-ae', text: 'Frequency of billing (BTAE-06) should be taken from the frequency of billing code list.', field: 'Billing frequency', holds: (d) => { const code = textAt(d.root, 'InvoicePeriod/Description'); return code === undefined || FREQUENCIES.includes(code); } },
  { id: 'ibr-029', text: 'The Invoicing period end date (ibt-074) MUST be later or equal to the Invoicing period start date (ibt-073).', field: 'Invoice period', holds: (d) => { const start = textAt(d.root, 'InvoicePeriod/StartDate'); const end = textAt(d.root, 'InvoicePeriod/EndDate'); return !start || !end || end >= start; } },
  // Seller
  { id: 'ibr-006', text: 'An Invoice MUST contain the Seller name (ibt-027).', field: "The firm's legal name", holds: (d) => !!textAt(d.seller, 'PartyLegalEntity/RegistrationName') },
  { id: 'ibr-081', text: 'The Seller electronic address (ibt-034) MUST be provided.', field: "The firm's endpoint", holds: (d) => !!textAt(d.seller, 'EndpointID') },
  { id: 'ibr-062', text: 'The Seller electronic address (ibt-034) MUST have a Scheme identifier.', field: "The firm's endpoint", holds: (d) => !d.seller || !textAt(d.seller, 'EndpointID') || !!attributeAt(d.seller, 'EndpointID', 'schemeID') },
  { id: 'ibr-143-ae', text: 'In Seller postal address (IBG-05), address line 1 (IBT-035), city (IBT-037) and country subdivision (IBT-039) must be provided.', field: "The firm's address", holds: (d) => ['StreetName', 'CityName', 'CountrySubentity'].every((name) => !!textAt(d.seller, `PostalAddress/${name}`)) },
  { id: 'ibr-134-ae', text: "Seller VAT Identifier (IBT-031) MUST be there, except when the Invoice type code (IBT-003) is 'Out of scope of VAT'.", field: "The firm's TRN", holds: (d) => !!textAt(d.seller, 'PartyTaxScheme/CompanyID') },
  { id: 'ibr-150-ae', text: "The Seller legal registration identifier (IBT-030) MUST be provided when the scheme identifier (IBT-034-1) is '0235'.", field: "The firm's trade licence", holds: (d) => attributeAt(d.seller, 'EndpointID', 'schemeID') !== '0235' || !!textAt(d.seller, 'PartyLegalEntity/CompanyID') },
  { id: 'ibr-181-ae', text: "When scheme identifier (IBT-034-1) is '0235' and Seller legal registration identifier (ibt-030) is provided, then Seller legal registration identifier type (BTAE-15) MUST be present.", field: "The firm's trade licence", holds: (d) => !textAt(d.seller, 'PartyLegalEntity/CompanyID') || !!attributeAt(d.seller, 'PartyLegalEntity/CompanyID', 'schemeAgencyID') },
  { id: 'ibr-172-ae', text: 'Authority name (BTAE-12) MUST be there when the Seller legal registration identifier type (BTAE-15) is Commercial/Trade license.', field: "The firm's licensing authority", holds: (d) => attributeAt(d.seller, 'PartyLegalEntity/CompanyID', 'schemeAgencyID') !== 'TL' || !!attributeAt(d.seller, 'PartyLegalEntity/CompanyID', 'schemeAgencyName') },
  // Buyer
  { id: 'ibr-007', text: 'An Invoice MUST contain the Buyer name (ibt-044).', field: "Client's legal name", holds: (d) => !!textAt(d.buyer, 'PartyLegalEntity/RegistrationName') },
  { id: 'ibr-080', text: 'The Buyer electronic address (ibt-049) MUST be provided.', field: CLIENT_TIN_FIELD, holds: (d) => !!textAt(d.buyer, 'EndpointID') },
  { id: 'ibr-063', text: 'The Buyer electronic address (ibt-049) MUST have a Scheme identifier.', field: CLIENT_TIN_FIELD, holds: (d) => !textAt(d.buyer, 'EndpointID') || !!attributeAt(d.buyer, 'EndpointID', 'schemeID') },
  { id: 'ibr-144-ae', text: 'In Buyer postal address (IBG-08), Address line 1 (IBT-050), Buyer city (IBT-052) and Buyer country subdivision (IBT-054) must be provided.', field: "Client's address (emirate)", holds: (d) => ['StreetName', 'CityName', 'CountrySubentity'].every((name) => !!textAt(d.buyer, `PostalAddress/${name}`)) },
  { id: 'ibr-149-ae', text: "The buyer legal registration identifier (IBT-047) MUST be provided when the scheme identifier (IBT-049-1) is '0235' and buyer electronic address (IBT-049) is not '1XXXXXXXXX' or '9XXXXXXXXX'.", field: "Client's trade licence", holds: (d) => attributeAt(d.buyer, 'EndpointID', 'schemeID') !== '0235' || /^[19]/.test(textAt(d.buyer, 'EndpointID') ?? '') || !!textAt(d.buyer, 'PartyLegalEntity/CompanyID') },
  { id: 'ibr-135-ae', text: "Either Buyer identifier (IBT-046) or Buyer VAT identifier (IBT-048) MUST be present when the transaction is not an export, the scheme identifier (IBT-049-1) is '0235' and the buyer electronic address (IBT-049) is not '1XXXXXXXXX'.", field: CLIENT_TIN_FIELD, holds: (d) => attributeAt(d.buyer, 'EndpointID', 'schemeID') !== '0235' || /^1\d{9}$/.test(textAt(d.buyer, 'EndpointID') ?? '') || /^[01]{7}1$/.test(textAt(d.root, 'ProfileExecutionID') ?? '') || !!textAt(d.buyer, 'PartyIdentification/ID') || !!textAt(d.buyer, 'PartyTaxScheme/CompanyID') },
  { id: 'ibr-180-ae', text: "When scheme identifier (IBT-049-1) is '0235' and Buyer legal registration identifier (ibt-047) is provided, then Buyer legal registration identifier type (BTAE-16) MUST be present.", field: "Client's trade licence", holds: (d) => !textAt(d.buyer, 'PartyLegalEntity/CompanyID') || attributeAt(d.buyer, 'EndpointID', 'schemeID') !== '0235' || !!attributeAt(d.buyer, 'PartyLegalEntity/CompanyID', 'schemeAgencyID') },
  { id: 'ibr-101-ae', text: 'Authority name (BTAE-11) MUST be there when Buyer legal registration identifier type (BTAE-16) is Commercial/Trade license.', field: "Client's licensing authority", holds: (d) => attributeAt(d.buyer, 'PartyLegalEntity/CompanyID', 'schemeAgencyID') !== 'TL' || !!attributeAt(d.buyer, 'PartyLegalEntity/CompanyID', 'schemeAgencyName') },
  { id: 'ibr-179-ae', text: 'Buyer VAT identifier (IBT-048) MUST occur maximum once.', field: "Client's TRN", holds: (d) => nodesAt(d.buyer, 'PartyTaxScheme/CompanyID').length <= 1 },
  // Both parties
  { id: 'ibr-128-ae', text: 'When Country code is AE, then country subdivision must be one of (AUH, DXB, SHJ, UAQ, FUJ, AJM, RAK).', field: "Client's address (emirate)", holds: (d) => [d.seller, d.buyer].every((party) => textAt(party, 'PostalAddress/Country/IdentificationCode') !== 'AE' || EMIRATE_CODES.includes(textAt(party, 'PostalAddress/CountrySubentity') ?? '')) },
  { id: 'ibr-132-ae', text: 'VAT identifier [IBT-031, IBT-048] should be TRN [VAT registration number] and must be 15 digits, starting with 1, ending with 03.', field: "Client's TRN", holds: (d) => [d.seller, d.buyer].every((party) => textAt(party, 'PostalAddress/Country/IdentificationCode') !== 'AE' || nodesAt(party, 'PartyTaxScheme').every((scheme) => textAt(scheme, 'TaxScheme/ID') !== 'VAT' || TRN.test(textAt(scheme, 'CompanyID') ?? ''))) },
  // Credit notes
  { id: 'ibr-055-ae', text: 'Preceding invoice reference (IBG-03) is must when invoice type code (IBT-003) is 381 (Credit note), except when the Credit note reason code [BTAE-03] is VD.', field: 'Credited invoice', holds: (d) => !d.credit || textAt(d.root, 'DiscrepancyResponse/ResponseCode') === 'VD' || !!textAt(d.root, 'BillingReference/InvoiceDocumentReference/ID') },
  { id: 'ibr-158-ae', text: "Where the Invoice type code [IBT-003] is 'Credit note', Credit note reason code [BTAE-03] MUST be there.", field: 'Credit note reason', holds: (d) => !d.credit || !!textAt(d.root, 'DiscrepancyResponse/ResponseCode') },
  { id: 'ibr-001-ae', text: 'Credit note reason code [BTAE-03] value should be from the Reasons for credit note code list.', field: 'Credit note reason', holds: (d) => { const code = textAt(d.root, 'DiscrepancyResponse/ResponseCode'); return code === undefined || REASON_CODES.includes(code); } },
  // Payment
  { id: 'ibr-191-ae', text: "Payment means type code (ibt-081) must be provided except when the invoice type code (ibt-003) is 'Credit note'.", field: 'Payment means', holds: (d) => d.credit || !!textAt(d.root, 'PaymentMeans/PaymentMeansCode') },
  { id: 'ibr-192-ae', text: "When Payment means type code (ibt-081) is 'credit transfer' then Payment account identifier (ibt-084) must be provided.", field: "The firm's bank account", holds: (d) => nodesAt(d.root, 'PaymentMeans').every((means) => !['30', '58'].includes(textAt(means, 'PaymentMeansCode') ?? '') || !!textAt(means, 'PayeeFinancialAccount/ID')) },
  { id: 'ibr-127-ae', text: 'Payment due date [IBT-009] MUST be present when the amount due for payment (IBT-115) is greater than 0, except for credit notes and deemed supplies.', field: 'Due date', holds: (d) => d.credit || /^.1/.test(textAt(d.root, 'ProfileExecutionID') ?? '') || (totalsOf(d, 'PayableAmount') ?? 0) <= 0 || !!textAt(d.root, 'DueDate') || !!textAt(d.root, 'PaymentMeans/PaymentDueDate') },
  // Lines
  { id: 'ibr-016', text: 'An Invoice MUST have at least one Invoice line (ibg-25).', field: 'Lines', holds: (d) => d.lines.length > 0 },
  { id: 'ibr-021', text: 'Each Invoice line (ibg-25) MUST have an Invoice line identifier (ibt-126).', field: 'Lines', holds: (d) => d.lines.every((line) => !!textAt(line, 'ID')) },
  { id: 'ibr-022', text: 'Each Invoice line (ibg-25) MUST have an invoiced quantity (ibt-129).', field: 'Lines', holds: (d) => d.lines.every((line) => units(lineQuantity(line)) !== null) },
  { id: 'ibr-025', text: 'Each Invoice line (ibg-25) MUST contain the Item name (ibt-153).', field: 'Line description', holds: (d) => d.lines.every((line) => !!textAt(line, 'Item/Name')) },
  { id: 'ibr-125-ae', text: 'In Item Information (IBG-31), Item description (IBT-154) MUST be there.', field: 'Line description', holds: (d) => d.lines.every((line) => !!textAt(line, 'Item/Description')) },
  { id: 'ibr-145-ae', text: 'Each Invoice line (IBG-25) MUST be categorized with an Invoiced item VAT category code (IBT-151).', field: 'Line VAT category', holds: (d) => d.lines.every((line) => !!categoryOf(line)) },
  { id: 'ibr-139-ae', text: 'Tax category codes [IBT-118, IBT-151] should be selected from the aligned tax category code list.', field: 'Line VAT category', holds: (d) => [...d.lines.map(categoryOf), ...subtotals(d).map((node) => textAt(node, 'TaxCategory/ID'))].every((code) => code === undefined || CATEGORY_CODES.includes(code)) },
  { id: 'ibr-126-ae', text: 'In Price Details (IBG-29), Item price base quantity (IBT-149) and Item Gross Price (IBT-148) MUST be there.', field: 'Line price', holds: (d) => d.lines.every((line) => !!textAt(line, 'Price/BaseQuantity') && !!textAt(line, 'Price/AllowanceCharge/BaseAmount')) },
  { id: 'ibr-027', text: 'The Item net price (ibt-146) MUST NOT be negative.', field: 'Line price', holds: (d) => d.lines.every((line) => (units(textAt(line, 'Price/PriceAmount')) ?? -1) >= 0) },
  { id: 'ibr-147-ae', text: 'Invoice line net amount (IBT-131) MUST equal Invoiced quantity (IBT-129) x (Item net price (IBT-146) / item price base quantity (IBT-149)) + line charges - line allowances.', field: 'Line amounts', holds: (d) => d.lines.every((line) => {
    const quantity = units(lineQuantity(line));
    const price = units(textAt(line, 'Price/PriceAmount'));
    const base = units(textAt(line, 'Price/BaseQuantity') ?? '1');
    const net = units(textAt(line, 'LineExtensionAmount'));
    if (quantity === null || price === null || !base || net === null) return false;
    const charges = sum(nodesAt(line, 'AllowanceCharge').map((charge) => (textAt(charge, 'ChargeIndicator') === 'true' ? 1 : -1) * (units(textAt(charge, 'Amount')) ?? 0)));
    // quantity and base quantity share the unit, which cancels out.
    return toFil(net) === toFil(mulDiv(quantity, price, base) + charges);
  }) },
  { id: 'ibr-194-ae', text: 'Invoice line Amount payable (BTAE-10) must be provided.', field: 'Line amounts', holds: (d) => d.lines.every((line) => !!textAt(line, 'ItemPriceExtension/Amount')) },
  { id: 'ibr-104-ae', text: 'An Invoice line (IBG-25) with Line VAT Information (IBG-30) must carry the Invoice line amount in AED (BTAE-10) and VAT Line amount in AED (BTAE-08).', field: 'Line amounts', holds: (d) => d.lines.every((line) => categoryOf(line) === 'E' || (!!textAt(line, 'ItemPriceExtension/TaxTotal/TaxAmount') && !!textAt(line, 'ItemPriceExtension/Amount'))) },
  { id: 'aligned-ibrp-s-05', text: "In an Invoice line (ibg-25) where the Invoiced item VAT category code (ibt-151) is 'Standard rated' the Invoiced item VAT rate (ibt-152) MUST be greater than zero.", field: 'Line VAT rate', holds: (d) => d.lines.every((line) => categoryOf(line) !== 'S' || (units(textAt(line, 'Item/ClassifiedTaxCategory/Percent')) ?? 0) > 0) },
  { id: 'aligned-ibrp-z-05', text: "In an Invoice line (ibg-25) where the Invoiced item VAT category code (ibt-151) is 'Zero rated' the Invoiced item VAT rate (ibt-152) MUST be 0 (zero).", field: 'Line VAT rate', holds: (d) => d.lines.every((line) => categoryOf(line) !== 'Z' || units(textAt(line, 'Item/ClassifiedTaxCategory/Percent')) === 0) },
  { id: 'aligned-ibrp-e-05', text: "In an Invoice line (ibg-25) where the Invoiced item VAT category code (ibt-151) is 'Exempt from VAT', the Invoiced item VAT rate (ibt-152) shall not be there.", field: 'Line VAT rate', holds: (d) => d.lines.every((line) => categoryOf(line) !== 'E' || textAt(line, 'Item/ClassifiedTaxCategory/Percent') === undefined) },
  { id: 'aligned-ibrp-o-05', text: "An Invoice line (ibg-25) where the VAT category code (ibt-151) is 'Not subject to VAT' MUST not contain an Invoiced item VAT rate (ibt-152).", field: 'Line VAT rate', holds: (d) => d.lines.every((line) => categoryOf(line) !== 'O' || textAt(line, 'Item/ClassifiedTaxCategory/Percent') === undefined) },
  { id: 'ibr-163-ae', text: "In Line VAT information (IBG-30) where Invoiced item VAT category code (IBT-151) is 'Exempt', VAT Line amount [BTAE-08] shall not be there.", field: 'Line VAT', holds: (d) => d.lines.every((line) => categoryOf(line) !== 'E' || textAt(line, 'ItemPriceExtension/TaxTotal/TaxAmount') === undefined) },
  { id: 'ibr-165-ae', text: "In Line VAT information (IBG-30) where Invoiced item VAT category code (IBT-151) is 'Zero Rated', VAT Line amount [BTAE-08] MUST be zero.", field: 'Line VAT', holds: (d) => d.lines.every((line) => categoryOf(line) !== 'Z' || units(textAt(line, 'ItemPriceExtension/TaxTotal/TaxAmount')) === 0) },
  // VAT breakdown
  { id: 'aligned-ibrp-045', text: 'Each VAT breakdown (ibg-23) MUST have a VAT category taxable amount (ibt-116).', field: 'VAT breakdown', holds: (d) => subtotals(d).every((node) => units(textAt(node, 'TaxableAmount')) !== null) },
  { id: 'aligned-ibrp-046', text: 'Each VAT breakdown (ibg-23) MUST have a VAT category tax amount (ibt-117).', field: 'VAT breakdown', holds: (d) => subtotals(d).every((node) => units(textAt(node, 'TaxAmount')) !== null) },
  { id: 'aligned-ibrp-047', text: 'Each VAT breakdown (ibg-23) MUST be defined through a VAT category code (ibt-118).', field: 'VAT breakdown', holds: (d) => subtotals(d).every((node) => !!textAt(node, 'TaxCategory/ID')) },
  { id: 'aligned-ibrp-s-01', text: "An Invoice that contains an Invoice line where the VAT category code is 'Standard rated' MUST contain at least one VAT breakdown with the VAT category code 'Standard rated'.", field: 'VAT breakdown', holds: (d) => !d.lines.some((line) => categoryOf(line) === 'S') || subtotals(d).some((node) => textAt(node, 'TaxCategory/ID') === 'S') },
  { id: 'aligned-ibrp-s-08', text: "For each VAT category rate where the VAT category code is 'Standard rated', the VAT category taxable amount (ibt-116) MUST equal the sum of the Invoice line net amounts (ibt-131) with that code and rate.", field: 'VAT breakdown', holds: (d) => subtotals(d).filter((node) => textAt(node, 'TaxCategory/ID') === 'S').every((node) => {
    const rate = textAt(node, 'TaxCategory/Percent');
    const lines = d.lines.filter((line) => categoryOf(line) === 'S' && units(textAt(line, 'Item/ClassifiedTaxCategory/Percent')) === units(rate));
    const documentLevel = nodesAt(d.root, 'AllowanceCharge').filter((charge) => textAt(charge, 'TaxCategory/ID') === 'S' && units(textAt(charge, 'TaxCategory/Percent')) === units(rate));
    const adjustments = sum(documentLevel.map((charge) => (textAt(charge, 'ChargeIndicator') === 'true' ? 1 : -1) * (units(textAt(charge, 'Amount')) ?? 0)));
    return slack(units(textAt(node, 'TaxableAmount')) ?? 0, sum(lines.map((line) => units(textAt(line, 'LineExtensionAmount')))) + adjustments);
  }) },
  { id: 'aligned-ibrp-s-09', text: "The VAT category tax amount (ibt-117) in a VAT breakdown where the VAT category code is 'Standard rated' MUST equal the VAT category taxable amount (ibt-116) multiplied by the VAT category rate (ibt-119).", field: 'VAT breakdown', holds: (d) => subtotals(d).filter((node) => textAt(node, 'TaxCategory/ID') === 'S').every((node) => {
    const taxable = units(textAt(node, 'TaxableAmount'));
    const rate = units(textAt(node, 'TaxCategory/Percent'));
    const tax = units(textAt(node, 'TaxAmount'));
    if (taxable === null || rate === null || tax === null) return false;
    return slack(Math.abs(tax), toFil(mulDiv(Math.abs(taxable), rate, 100 * UNIT)));
  }) },
  { id: 'aligned-ibrp-z-09', text: "The VAT category tax amount (ibt-117) in a VAT breakdown where VAT category code is 'Zero rated' MUST equal 0 (zero).", field: 'VAT breakdown', holds: (d) => subtotals(d).filter((node) => textAt(node, 'TaxCategory/ID') === 'Z').every((node) => units(textAt(node, 'TaxAmount')) === 0) },
  { id: 'aligned-ibrp-e-09', text: "The VAT category tax amount (ibt-117) in a VAT breakdown where the VAT category code is 'Exempt from VAT' MUST equal 0 (zero).", field: 'VAT breakdown', holds: (d) => subtotals(d).filter((node) => textAt(node, 'TaxCategory/ID') === 'E').every((node) => units(textAt(node, 'TaxAmount')) === 0) },
  { id: 'aligned-ibrp-o-09', text: "The VAT category tax amount (ibt-117) in a VAT breakdown where the VAT category code is 'Not subject to VAT' MUST be 0 (zero).", field: 'VAT breakdown', holds: (d) => subtotals(d).filter((node) => textAt(node, 'TaxCategory/ID') === 'O').every((node) => units(textAt(node, 'TaxAmount')) === 0) },
  // Totals
  { id: 'ibr-012', text: 'An Invoice MUST have the Sum of Invoice line net amount (ibt-106).', field: 'Totals', holds: (d) => totalsOf(d, 'LineExtensionAmount') !== null },
  { id: 'ibr-013', text: 'An Invoice MUST have the Invoice total amount without Tax (ibt-109).', field: 'Totals', holds: (d) => totalsOf(d, 'TaxExclusiveAmount') !== null },
  { id: 'ibr-014', text: 'An Invoice MUST have the Invoice total amount with Tax (ibt-112).', field: 'Totals', holds: (d) => totalsOf(d, 'TaxInclusiveAmount') !== null },
  { id: 'ibr-015', text: 'An Invoice MUST have the Amount due for payment (ibt-115).', field: 'Totals', holds: (d) => totalsOf(d, 'PayableAmount') !== null },
  { id: 'ibr-124', text: 'Invoice total TAX amount (ibt-110) MUST have no more than 2 decimals.', field: 'Totals', holds: (d) => decimals(textAt(d.root, 'TaxTotal/TaxAmount')) <= 2 },
  { id: 'ibr-091', text: 'Invoice amount due for payment (ibt-115) MUST have no more than 2 decimals.', field: 'Totals', holds: (d) => decimals(textAt(d.root, 'LegalMonetaryTotal/PayableAmount')) <= 2 },
  { id: 'ibr-co-10', text: 'Sum of Invoice line net amount (ibt-106) = Σ Invoice line net amount (ibt-131).', field: 'Totals', holds: (d) => totalsOf(d, 'LineExtensionAmount') === toFil(sum(d.lines.map((line) => units(textAt(line, 'LineExtensionAmount'))))) },
  { id: 'ibr-co-13', text: 'Invoice total amount without Tax (ibt-109) = Σ Invoice line net amount (ibt-131) - Sum of allowances on document level (ibt-107) + Sum of charges on document level (ibt-108).', field: 'Totals', holds: (d) => textAt(d.root, 'TaxTotal/TaxIncludedIndicator') === 'true' || totalsOf(d, 'TaxExclusiveAmount') === toFil((totalsOf(d, 'LineExtensionAmount') ?? 0) + (totalsOf(d, 'ChargeTotalAmount') ?? 0) - (totalsOf(d, 'AllowanceTotalAmount') ?? 0)) },
  { id: 'ibr-co-14', text: 'Invoice total Tax amount (ibt-110) = Σ Tax category tax amount (ibt-117).', field: 'Totals', holds: (d) => nodesAt(d.root, 'TaxTotal').every((total) => nodesAt(total, 'TaxSubtotal').length === 0 || units(textAt(total, 'TaxAmount')) === toFil(sum(nodesAt(total, 'TaxSubtotal').map((node) => units(textAt(node, 'TaxAmount')))))) },
  { id: 'ibr-co-15', text: 'Invoice total amount with Tax (ibt-112) = Invoice total amount without Tax (ibt-109) + Invoice total Tax amount (ibt-110).', field: 'Totals', holds: (d) => textAt(d.root, 'TaxTotal/TaxIncludedIndicator') === 'true' || totalsOf(d, 'TaxInclusiveAmount') === toFil((totalsOf(d, 'TaxExclusiveAmount') ?? 0) + (units(textAt(d.root, 'TaxTotal/TaxAmount')) ?? 0)) },
  { id: 'ibr-co-16', text: 'Amount due for payment (ibt-115) = Invoice total amount with Tax (ibt-112) - Paid amount (ibt-113) + Rounding amount (ibt-114).', field: 'Totals', holds: (d) => totalsOf(d, 'PayableAmount') === toFil((totalsOf(d, 'TaxInclusiveAmount') ?? 0) - (totalsOf(d, 'PrepaidAmount') ?? 0) + (totalsOf(d, 'PayableRoundingAmount') ?? 0)) },
];

/** Every rule the document breaks (structure first); empty when it may be sent. */
export function validateEinvoice(xml: string): RuleFailure[] {
  if (XMLValidator.validate(xml) !== true) return [{ rule: 'UBL-2.1-SCHEMA', text: 'The document is not well-formed XML', field: 'Document structure' }];
  const structure = checkStructure(xml);
  if (structure.some((failure) => failure.text.startsWith('The document must'))) return structure;
  const parsed = parser.parse(xml) as XmlNode;
  const credit = 'CreditNote' in parsed;
  const [root] = nodesAt(parsed, credit ? 'CreditNote' : 'Invoice');
  if (!root) return structure;
  const doc: Doc = {
    root,
    credit,
    seller: nodesAt(root, 'AccountingSupplierParty/Party')[0],
    buyer: nodesAt(root, 'AccountingCustomerParty/Party')[0],
    lines: nodesAt(root, credit ? 'CreditNoteLine' : 'InvoiceLine'),
  };
  return [...structure, ...RULES.filter((rule) => !rule.holds(doc)).map(({ id, text, field }) => ({ rule: id, text: `[${id}]-${text}`, field }))];
}

/** The document read back: the root element's children as plain objects (tests and the ASP stand-in read it). */
export function readEinvoice(xml: string): { credit: boolean; root: XmlNode } {
  const parsed = parser.parse(xml) as XmlNode;
  const credit = 'CreditNote' in parsed;
  return { credit, root: nodesAt(parsed, credit ? 'CreditNote' : 'Invoice')[0] ?? {} };
}

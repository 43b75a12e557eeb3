/**
 * The PINT AE document and its rules, without a database: every field of an invoice (a subscription period,
 * continuous supply), a credit note and a buyer without a TRN, read back with fast-xml-parser; our documents
 * pass the structure and rule checks, and documents broken on purpose fail with the right rule id and the
 * field to fix. (The public PINT AE samples pass these checks too; they are not copied into the tree.)
 */
import { describe, expect, it } from 'vitest';
import { transactionFlags, type RuleFailure } from '../../../common/einvoicing.ts';
import { SELLER } from '../../../common/einvoicing.ts';
import { invoiceAmounts, lineAmounts } from '../../../common/invoices.ts';
import { buildEinvoiceXml, type EinvoiceLine, type EinvoiceSource } from '../../../backend/src/modules/einvoicing/document.ts';
import { attributeAt, nodesAt, readEinvoice, textAt, validateEinvoice } from '../../../backend/src/modules/einvoicing/rules.ts';

function line(position: number, description: string, quantity: number, unit_fils: number, category?: EinvoiceLine['category']): EinvoiceLine {
  const amounts = category && category !== 'S' ? { net_fils: quantity * unit_fils, vat_fils: 0, total_fils: quantity * unit_fils } : lineAmounts({ quantity, unit_fils });
  return { position, description, quantity, unit_fils, ...amounts, ...(category ? { category } : {}) };
}

function source(changes: Partial<EinvoiceSource> = {}): EinvoiceSource {
  const lines = changes.lines ?? [line(1, 'Growth plan, monthly subscription: 01 Nov 2026 to 30 Nov 2026', 1, 250_000), line(2, 'Payroll run', 3, 33_333)];
  const net = lines.reduce((sum, each) => sum + each.net_fils, 0);
  const vat = lines.reduce((sum, each) => sum + each.vat_fils, 0);
  return {
    kind: 'invoice',
    number: 'INV-000042',
    uuid: '6b1f1c8e-3f5e-4b8e-9a57-0c2f3f4a5b6c',
    issuedOn: '2026-11-01',
    issuedAt: '09:15:30',
    dueOn: '2026-11-15',
    period: { start: '2026-11-01', end: '2026-11-30', frequency: 'MTH' },
    credited: null,
    reason: null,
    buyer: {
      legalName: 'شركة النخيل للتجارة ذ.م.م',
      address: 'Office 305, Al Nahda Tower, Al Nahda, Sharjah, United Arab Emirates',
      emirate: 'SHJ',
      trn: '100456789000003',
      tin: '1004567890',
      licence: 'SHJ-778899',
      licensingAuthority: 'Sharjah Economic Development Department',
    },
    lines,
    net_fils: net,
    vat_fils: vat,
    total_fils: net + vat,
    ...changes,
  };
}

const rulesOf = (failures: RuleFailure[]) => failures.map((failure) => failure.rule);
/** Rewrites the document as a person (or a bug) might have: the broken documents of these tests. */
const broken = (xml: string, from: string | RegExp, to: string) => {
  const changed = xml.replace(from, to);
  expect(changed).not.toBe(xml);
  return changed;
};

describe('the invoice document', () => {
  const doc = source();
  const xml = buildEinvoiceXml(doc);
  const { credit, root } = readEinvoice(xml);

  it('passes the structure and every rule', () => {
    expect(validateEinvoice(xml)).toEqual([]);
    expect(credit).toBe(false);
  });

  it('carries the specification, profile, transaction flags, number, UUID, date, time, type and currency', () => {
    expect(textAt(root, 'CustomizationID')).toBe('urn:peppol:pint:billing-1@ae-1');
    expect(textAt(root, 'ProfileID')).toBe('urn:peppol:bis:billing');
    // A subscription is a continuous supply: the fifth of the 8 flags.
    expect(textAt(root, 'ProfileExecutionID')).toBe('00001000');
    expect(transactionFlags({ continuousSupply: false })).toBe('00000000');
    expect(textAt(root, 'ID')).toBe('INV-000042');
    expect(textAt(root, 'UUID')).toBe(doc.uuid);
    expect(textAt(root, 'IssueDate')).toBe('2026-11-01');
    expect(textAt(root, 'IssueTime')).toBe('09:15:30+04:00');
    expect(textAt(root, 'DueDate')).toBe('2026-11-15');
    expect(textAt(root, 'InvoiceTypeCode')).toBe('380');
    expect(textAt(root, 'DocumentCurrencyCode')).toBe('AED');
  });

  it('carries the invoice period and the billing frequency', () => {
    expect(textAt(root, 'InvoicePeriod/StartDate')).toBe('2026-11-01');
    expect(textAt(root, 'InvoicePeriod/EndDate')).toBe('2026-11-30');
    expect(textAt(root, 'InvoicePeriod/Description')).toBe('MTH');
  });

  it('names the seller: legal name, TRN, endpoint 0235 + TIN, licence and authority, address with the emirate', () => {
    const [seller] = nodesAt(root, 'AccountingSupplierParty/Party');
    expect(textAt(seller, 'EndpointID')).toBe(SELLER.tin);
    expect(SELLER.tin).toMatch(/^1\d{9}$/);
    expect(attributeAt(seller, 'EndpointID', 'schemeID')).toBe('0235');
    expect(textAt(seller, 'PartyLegalEntity/RegistrationName')).toBe(SELLER.name);
    expect(textAt(seller, 'PartyTaxScheme/CompanyID')).toBe(SELLER.trn);
    expect(textAt(seller, 'PartyTaxScheme/TaxScheme/ID')).toBe('VAT');
    expect(textAt(seller, 'PartyLegalEntity/CompanyID')).toBe(SELLER.licence);
    expect(attributeAt(seller, 'PartyLegalEntity/CompanyID', 'schemeAgencyID')).toBe('TL');
    expect(attributeAt(seller, 'PartyLegalEntity/CompanyID', 'schemeAgencyName')).toBe(SELLER.licensingAuthority);
    expect(textAt(seller, 'PostalAddress/CountrySubentity')).toBe('DXB');
    expect(textAt(seller, 'PostalAddress/CityName')).toBe('Dubai');
    expect(textAt(seller, 'PostalAddress/Country/IdentificationCode')).toBe('AE');
  });

  it('names the buyer, its Arabic name intact', () => {
    const [buyer] = nodesAt(root, 'AccountingCustomerParty/Party');
    expect(textAt(buyer, 'PartyLegalEntity/RegistrationName')).toBe('شركة النخيل للتجارة ذ.م.م');
    expect(textAt(buyer, 'EndpointID')).toBe('1004567890');
    expect(attributeAt(buyer, 'EndpointID', 'schemeID')).toBe('0235');
    expect(textAt(buyer, 'PartyTaxScheme/CompanyID')).toBe('100456789000003');
    expect(textAt(buyer, 'PartyLegalEntity/CompanyID')).toBe('SHJ-778899');
    expect(attributeAt(buyer, 'PartyLegalEntity/CompanyID', 'schemeAgencyName')).toBe('Sharjah Economic Development Department');
    expect(textAt(buyer, 'PostalAddress/StreetName')).toBe(doc.buyer.address);
    expect(textAt(buyer, 'PostalAddress/CityName')).toBe('Sharjah');
    expect(textAt(buyer, 'PostalAddress/CountrySubentity')).toBe('SHJ');
  });

  it('has payment means (credit transfer to the firm) and terms', () => {
    expect(textAt(root, 'PaymentMeans/PaymentMeansCode')).toBe('30');
    expect(textAt(root, 'PaymentMeans/PayeeFinancialAccount/ID')).toBe(SELLER.iban);
    expect(textAt(root, 'PaymentTerms/Note')).toBe('Due by 2026-11-15');
  });

  it('has each line with its VAT category, line VAT and VAT-inclusive amount, in fils exactly', () => {
    const lines = nodesAt(root, 'InvoiceLine');
    expect(lines).toHaveLength(2);
    const second = lines[1];
    expect(textAt(second, 'ID')).toBe('2');
    expect(textAt(second, 'InvoicedQuantity')).toBe('3');
    expect(attributeAt(second, 'InvoicedQuantity', 'unitCode')).toBe('C62');
    // 3 x 333.33 = 999.99; VAT 5 % = 49.9995, half up to the fil: 50.00; inclusive 1049.99.
    expect(textAt(second, 'LineExtensionAmount')).toBe('999.99');
    expect(textAt(second, 'Price/PriceAmount')).toBe('333.33');
    expect(textAt(second, 'Item/ClassifiedTaxCategory/ID')).toBe('S');
    expect(textAt(second, 'Item/ClassifiedTaxCategory/Percent')).toBe('5');
    expect(textAt(second, 'ItemPriceExtension/TaxTotal/TaxAmount')).toBe('50.00');
    expect(textAt(second, 'ItemPriceExtension/Amount')).toBe('1049.99');
    expect(textAt(second, 'Item/Description')).toBe('Payroll run');
    expect(textAt(second, 'Item/CommodityClassification/ItemClassificationCode')).toBe('998222');
  });

  it('has a VAT breakdown and totals that agree to the fil with the stored invoice', () => {
    expect(textAt(root, 'TaxTotal/TaxAmount')).toBe('175.00');
    expect(textAt(root, 'TaxTotal/TaxSubtotal/TaxableAmount')).toBe('3499.99');
    expect(textAt(root, 'TaxTotal/TaxSubtotal/TaxAmount')).toBe('175.00');
    expect(textAt(root, 'TaxTotal/TaxSubtotal/TaxCategory/ID')).toBe('S');
    expect(textAt(root, 'LegalMonetaryTotal/LineExtensionAmount')).toBe('3499.99');
    expect(textAt(root, 'LegalMonetaryTotal/TaxExclusiveAmount')).toBe('3499.99');
    expect(textAt(root, 'LegalMonetaryTotal/TaxInclusiveAmount')).toBe('3674.99');
    expect(textAt(root, 'LegalMonetaryTotal/PayableAmount')).toBe('3674.99');
    expect(doc.total_fils).toBe(367_499);
  });

  it('has one breakdown per category when Z, E and O lines apply, and passes their rules', () => {
    const mixed = buildEinvoiceXml(source({ lines: [line(1, 'Bookkeeping', 1, 100_000), line(2, 'Export advisory', 1, 50_000, 'Z'), line(3, 'Exempt service', 1, 20_000, 'E'), line(4, 'Disbursement', 1, 10_000, 'O')] }));
    expect(validateEinvoice(mixed)).toEqual([]);
    const { root: mixedRoot } = readEinvoice(mixed);
    const subtotals = nodesAt(mixedRoot, 'TaxTotal/TaxSubtotal').map((node) => [textAt(node, 'TaxCategory/ID'), textAt(node, 'TaxableAmount'), textAt(node, 'TaxAmount'), textAt(node, 'TaxCategory/Percent') ?? null]);
    expect(subtotals).toEqual([
      ['S', '1000.00', '50.00', '5'],
      ['Z', '500.00', '0.00', '0'],
      ['E', '200.00', '0.00', null],
      ['O', '100.00', '0.00', null],
    ]);
  });

  it('has no subscription flags or period on a one-off invoice', () => {
    const { root: oneOff } = readEinvoice(buildEinvoiceXml(source({ period: null })));
    expect(textAt(oneOff, 'ProfileExecutionID')).toBe('00000000');
    expect(nodesAt(oneOff, 'InvoicePeriod')).toEqual([]);
  });
});

describe('the credit note', () => {
  const xml = buildEinvoiceXml(source({ kind: 'credit_note', number: 'CN-000007', period: null, credited: { number: 'INV-000042', issuedOn: '2026-11-01' }, reason: 'Wrong TRN on the invoice', lines: [line(1, 'Credit against INV-000042: Wrong TRN on the invoice', 1, 349_999)] }));
  const { credit, root } = readEinvoice(xml);

  it('is a 381 with its billing reference and reason, and passes', () => {
    expect(validateEinvoice(xml)).toEqual([]);
    expect(credit).toBe(true);
    expect(textAt(root, 'CreditNoteTypeCode')).toBe('381');
    expect(textAt(root, 'BillingReference/InvoiceDocumentReference/ID')).toBe('INV-000042');
    expect(textAt(root, 'BillingReference/InvoiceDocumentReference/IssueDate')).toBe('2026-11-01');
    expect(textAt(root, 'DiscrepancyResponse/ResponseCode')).toBe('DL8.61.1.E');
    expect(textAt(root, 'Note')).toBe('Wrong TRN on the invoice');
    expect(nodesAt(root, 'CreditNoteLine')).toHaveLength(1);
    expect(textAt(root, 'CreditNoteLine/CreditedQuantity')).toBe('1');
    expect(nodesAt(root, 'DueDate')).toEqual([]);
    expect(textAt(root, 'LegalMonetaryTotal/PayableAmount')).toBe('3674.99');
  });

  it('without its reference fails ibr-055-ae and names the credited invoice', () => {
    const failures = validateEinvoice(broken(xml, /<cac:BillingReference>[\s\S]*<\/cac:BillingReference>/, ''));
    expect(rulesOf(failures)).toEqual(['ibr-055-ae']);
    expect(failures[0]).toMatchObject({ field: 'Credited invoice' });
    expect(failures[0]!.text).toContain('[ibr-055-ae]');
  });

  it('without its reason code fails ibr-158-ae', () => {
    expect(rulesOf(validateEinvoice(broken(xml, /<cac:DiscrepancyResponse>[\s\S]*<\/cac:DiscrepancyResponse>/, '')))).toEqual(['ibr-158-ae']);
  });
});

describe('a buyer without a TRN', () => {
  const xml = buildEinvoiceXml(source({ buyer: { ...source().buyer, trn: null, tin: '1098765432' }, lines: [line(1, 'Starter plan', 1, 99_900)] }));
  const { root } = readEinvoice(xml);
  const [buyer] = nodesAt(root, 'AccountingCustomerParty/Party');

  it('has no VAT identifier (never an invented one), its TIN endpoint and its licence, and passes', () => {
    expect(validateEinvoice(xml)).toEqual([]);
    expect(nodesAt(buyer, 'PartyTaxScheme')).toEqual([]);
    expect(textAt(buyer, 'EndpointID')).toBe('1098765432');
    expect(textAt(buyer, 'PartyLegalEntity/CompanyID')).toBe('SHJ-778899');
    // VAT is still charged: the seller is registered.
    expect(textAt(root, 'TaxTotal/TaxAmount')).toBe('49.95');
  });

  it('and without a TIN has no endpoint: ibr-080 names the client\'s TIN', () => {
    const failures = validateEinvoice(buildEinvoiceXml(source({ buyer: { ...source().buyer, trn: null, tin: null } })));
    expect(rulesOf(failures)).toEqual(['ibr-080']);
    expect(failures[0]!.field).toBe("Client's TIN");
  });
});

describe('a long invoice of awkward amounts', () => {
  // 50 lines (the most an invoice has), each a net whose 5 % ends in half a fil or just under: rounded line
  // by line their VAT would drift up to 25 fils from 5 % of the total, which aligned-ibrp-s-09 refuses.
  const inputs = Array.from({ length: 50 }, (_, index) => ({ quantity: 1 + (index % 7), unit_fils: [10, 19, 1_010, 33_333, 99_990, 70, 12_345][index % 7]! + index * 20 }));
  const amounts = invoiceAmounts(inputs);
  const lines: EinvoiceLine[] = inputs.map((input, index) => ({ position: index + 1, description: `Line ${index + 1}`, ...input, ...amounts.lines[index]! }));
  const doc = source({ lines, ...amounts.totals });
  const xml = buildEinvoiceXml(doc);
  const { root } = readEinvoice(xml);
  const fils = (text: string | undefined) => Math.round(Number(text) * 100);

  it('passes every rule, the VAT breakdown being 5 % of the taxable total to the fil', () => {
    expect(validateEinvoice(xml)).toEqual([]);
    const subtotal = nodesAt(root, 'TaxTotal/TaxSubtotal')[0];
    expect(fils(textAt(subtotal, 'TaxableAmount'))).toBe(amounts.totals.net_fils);
    expect(fils(textAt(subtotal, 'TaxAmount'))).toBe(Math.floor((amounts.totals.net_fils * 5 + 50) / 100));
  });

  it('has line VAT amounts within a fil of each line\'s 5 % that add up to the document\'s VAT and the stored invoice\'s', () => {
    const lineVat = nodesAt(root, 'InvoiceLine').map((node) => fils(textAt(node, 'ItemPriceExtension/TaxTotal/TaxAmount')));
    expect(lineVat).toHaveLength(50);
    lineVat.forEach((vat, index) => expect(Math.abs(vat - (lines[index]!.net_fils * 5) / 100)).toBeLessThan(1));
    expect(lineVat.reduce((sum, vat) => sum + vat, 0)).toBe(amounts.totals.vat_fils);
    expect(fils(textAt(root, 'TaxTotal/TaxAmount'))).toBe(amounts.totals.vat_fils);
    expect(fils(textAt(root, 'LegalMonetaryTotal/PayableAmount'))).toBe(amounts.totals.total_fils);
  });

  it('would fail aligned-ibrp-s-09 with each line rounded on its own (why the VAT is worked out on the total)', () => {
    const perLine = inputs.map((input, index) => ({ position: index + 1, description: `Line ${index + 1}`, ...input, ...lineAmounts(input) }));
    const net = perLine.reduce((sum, each) => sum + each.net_fils, 0);
    const vat = perLine.reduce((sum, each) => sum + each.vat_fils, 0);
    expect(Math.abs(vat - amounts.totals.vat_fils)).toBeGreaterThan(2);
    expect(rulesOf(validateEinvoice(buildEinvoiceXml(source({ lines: perLine, net_fils: net, vat_fils: vat, total_fils: net + vat }))))).toContain('aligned-ibrp-s-09');
  });
});

describe('documents broken on purpose', () => {
  const xml = buildEinvoiceXml(source());

  it('a TRN of the wrong length fails ibr-132-ae naming the client\'s TRN', () => {
    const failures = validateEinvoice(broken(xml, '<cbc:CompanyID>100456789000003</cbc:CompanyID>', '<cbc:CompanyID>10045678900003</cbc:CompanyID>'));
    expect(rulesOf(failures)).toEqual(['ibr-132-ae']);
    expect(failures[0]!.field).toBe("Client's TRN");
  });

  it('totals that do not add up fail the totals rules', () => {
    expect(rulesOf(validateEinvoice(broken(xml, '<cbc:TaxInclusiveAmount currencyID="AED">3674.99', '<cbc:TaxInclusiveAmount currencyID="AED">3675.99')))).toEqual(['ibr-co-15', 'ibr-co-16']);
    expect(rulesOf(validateEinvoice(broken(xml, '<cbc:LineExtensionAmount currencyID="AED">3499.99', '<cbc:LineExtensionAmount currencyID="AED">3500.99')))).toEqual(['ibr-co-10', 'ibr-co-13']);
    expect(rulesOf(validateEinvoice(broken(xml, '<cbc:TaxAmount currencyID="AED">175.00</cbc:TaxAmount>', '<cbc:TaxAmount currencyID="AED">176.00</cbc:TaxAmount>')))).toEqual(['ibr-co-14', 'ibr-co-15']);
  });

  it('a line whose amount is not quantity x price fails ibr-147-ae', () => {
    expect(rulesOf(validateEinvoice(broken(xml, '<cbc:LineExtensionAmount currencyID="AED">999.99', '<cbc:LineExtensionAmount currencyID="AED">999.98')))).toContain('ibr-147-ae');
  });

  it('an address without a valid emirate fails ibr-128-ae (and ibr-144-ae without one)', () => {
    expect(rulesOf(validateEinvoice(broken(xml, '<cbc:CountrySubentity>SHJ</cbc:CountrySubentity>', '<cbc:CountrySubentity>Sharjah</cbc:CountrySubentity>')))).toEqual(['ibr-128-ae']);
    const failures = validateEinvoice(buildEinvoiceXml(source({ buyer: { ...source().buyer, emirate: null } })));
    expect(rulesOf(failures)).toEqual(['ibr-144-ae', 'ibr-128-ae']);
    expect(failures[0]!.field).toBe("Client's address (emirate)");
  });

  it('a wrong specification, transaction flags or a missing UUID fail their rules', () => {
    expect(rulesOf(validateEinvoice(broken(xml, 'urn:peppol:pint:billing-1@ae-1', 'urn:peppol:pint:billing-1')))).toEqual(['aligned-ibrp-001-ae']);
    expect(rulesOf(validateEinvoice(broken(xml, '<cbc:ProfileExecutionID>00001000', '<cbc:ProfileExecutionID>0000100')))).toEqual(['ibr-154-ae']);
    expect(rulesOf(validateEinvoice(broken(xml, /<cbc:UUID>[^<]*<\/cbc:UUID>/, '')))).toEqual(['ibr-193-ae']);
  });

  it('elements out of the UBL 2.1 order, or repeated, fail the structure check', () => {
    const swapped = broken(xml, /(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)(\s*)(<cbc:IssueTime>[^<]*<\/cbc:IssueTime>)/, '$3$2$1');
    expect(validateEinvoice(swapped)).toContainEqual({ rule: 'UBL-2.1-SCHEMA', text: 'Invoice: element IssueDate is out of order', field: 'Document structure' });
    const twice = broken(xml, /(<cbc:UUID>[^<]*<\/cbc:UUID>)/, '$1$1');
    expect(rulesOf(validateEinvoice(twice))).toContain('UBL-2.1-SCHEMA');
    expect(rulesOf(validateEinvoice('<Invoice><unclosed></Invoice>'))).toEqual(['UBL-2.1-SCHEMA']);
  });
});

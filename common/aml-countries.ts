/**
 * Countries for AML: the high-risk table the risk model reads, and the English names list files give for a
 * code (the UN list writes nationalities as names, parties are entered as ISO 3166 alpha-2 codes).
 *
 * HIGH_RISK_COUNTRIES source: FATF, 'High-Risk Jurisdictions subject to a Call for Action' and
 * 'Jurisdictions under Increased Monitoring', both as published after the plenary of 24 October 2025
 * (https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html). Reviewed 2026-11-28: check it after
 * each FATF plenary (February, June, October) and change this one file with its date.
 */
export const HIGH_RISK_SOURCE = { name: 'FATF black and grey lists (plenary of 24 October 2025)', reviewed_on: '2026-11-28' } as const;

export type CountryRisk = 'call_for_action' | 'increased_monitoring';

export const HIGH_RISK_COUNTRIES: Readonly<Record<string, CountryRisk>> = {
  KP: 'call_for_action',
  IR: 'call_for_action',
  MM: 'call_for_action',
  DZ: 'increased_monitoring',
  AO: 'increased_monitoring',
  BO: 'increased_monitoring',
  BG: 'increased_monitoring',
  CM: 'increased_monitoring',
  CI: 'increased_monitoring',
  CD: 'increased_monitoring',
  HT: 'increased_monitoring',
  KE: 'increased_monitoring',
  LA: 'increased_monitoring',
  LB: 'increased_monitoring',
  MC: 'increased_monitoring',
  NA: 'increased_monitoring',
  NP: 'increased_monitoring',
  SS: 'increased_monitoring',
  SY: 'increased_monitoring',
  VE: 'increased_monitoring',
  VN: 'increased_monitoring',
  VG: 'increased_monitoring',
  YE: 'increased_monitoring',
};

/** Names by code, as list files and people write them (the first is the one shown). */
export const COUNTRY_NAMES: Readonly<Record<string, readonly string[]>> = {
  AE: ['United Arab Emirates', 'UAE', 'Emirati'],
  SA: ['Saudi Arabia', 'Saudi'],
  OM: ['Oman'], QA: ['Qatar'], BH: ['Bahrain'], KW: ['Kuwait'], JO: ['Jordan'], EG: ['Egypt'], IQ: ['Iraq'], IR: ['Iran', 'Iran (Islamic Republic of)'],
  SY: ['Syria', 'Syrian Arab Republic'], LB: ['Lebanon'], YE: ['Yemen'], PS: ['Palestine', 'State of Palestine'], LY: ['Libya'], SD: ['Sudan'], SS: ['South Sudan'],
  SO: ['Somalia'], AF: ['Afghanistan'], PK: ['Pakistan'], IN: ['India'], BD: ['Bangladesh'], LK: ['Sri Lanka'], NP: ['Nepal'], PH: ['Philippines'],
  KP: ["Democratic People's Republic of Korea", 'North Korea'], MM: ['Myanmar'], VN: ['Viet Nam', 'Vietnam'], LA: ["Lao People's Democratic Republic", 'Laos'],
  RU: ['Russian Federation', 'Russia'], TR: ['Turkey', 'Türkiye'], GB: ['United Kingdom', 'United Kingdom of Great Britain and Northern Ireland'], US: ['United States', 'United States of America'],
  FR: ['France'], DE: ['Germany'], CO: ['Colombia'], VE: ['Venezuela', 'Venezuela (Bolivarian Republic of)'], BO: ['Bolivia'], DZ: ['Algeria'], AO: ['Angola'],
  BG: ['Bulgaria'], CM: ['Cameroon'], CI: ["Côte d'Ivoire"], CD: ['Democratic Republic of the Congo'], HT: ['Haiti'], KE: ['Kenya'], MC: ['Monaco'], NA: ['Namibia'],
  VG: ['British Virgin Islands', 'Virgin Islands (UK)'], NG: ['Nigeria'], MA: ['Morocco'], TN: ['Tunisia'], CN: ['China'],
};

export const countryNames = (code: string): readonly string[] => COUNTRY_NAMES[code] ?? [];
export const countryLabel = (code: string): string => COUNTRY_NAMES[code]?.[0] ?? code;

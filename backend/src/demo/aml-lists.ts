/**
 * The demo's sanctions lists, in each list's official format, with invented names (no real person or
 * entity): a UN Security Council Consolidated List XML and the UAE Local Terrorist List as its sheet saved
 * as CSV. Latin and Arabic names, aliases, full and partial dates of birth, so screening can be tried on a
 * fresh `npm start`.
 */
export const DEMO_UN_LIST = `<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" dateGenerated="2026-11-20T09:00:00.000Z">
  <INDIVIDUALS>
    <INDIVIDUAL>
      <DATAID>9900001</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>MOHAMMED</FIRST_NAME>
      <SECOND_NAME>ABDUL RAHMAN</SECOND_NAME>
      <THIRD_NAME>AL-HASHIMI</THIRD_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.901</REFERENCE_NUMBER>
      <LISTED_ON>2019-05-14</LISTED_ON>
      <NAME_ORIGINAL_SCRIPT>محمد عبد الرحمن الهاشمي</NAME_ORIGINAL_SCRIPT>
      <NATIONALITY><VALUE>Yemen</VALUE></NATIONALITY>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Abu Tariq al-Yamani</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Muhammad Hashimi</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>APPROXIMATELY</TYPE_OF_DATE><YEAR>1975</YEAR></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
    <INDIVIDUAL>
      <DATAID>9900002</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>YOUSEF</FIRST_NAME>
      <SECOND_NAME>HUSSEIN</SECOND_NAME>
      <THIRD_NAME>KHALIL</THIRD_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.902</REFERENCE_NUMBER>
      <LISTED_ON>2020-02-03</LISTED_ON>
      <NAME_ORIGINAL_SCRIPT>يوسف حسين خليل</NAME_ORIGINAL_SCRIPT>
      <NATIONALITY><VALUE>Iraq</VALUE></NATIONALITY>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Youssef Husain</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1968-03-14</DATE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
    <INDIVIDUAL>
      <DATAID>9900003</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>TARIQ</FIRST_NAME>
      <SECOND_NAME>OMAR</SECOND_NAME>
      <THIRD_NAME>BIN LADIN-ZAHRANI</THIRD_NAME>
      <UN_LIST_TYPE>ISIL (Da'esh)</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.903</REFERENCE_NUMBER>
      <LISTED_ON>2021-09-30</LISTED_ON>
      <NATIONALITY><VALUE>Saudi Arabia</VALUE></NATIONALITY>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1980</FROM_YEAR><TO_YEAR>1983</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
    <INDIVIDUAL>
      <DATAID>9900004</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>IVAN</FIRST_NAME>
      <SECOND_NAME>PETROVICH</SECOND_NAME>
      <THIRD_NAME>MOROZOV</THIRD_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE>
      <REFERENCE_NUMBER>KPi.950</REFERENCE_NUMBER>
      <LISTED_ON>2017-08-05</LISTED_ON>
      <NATIONALITY><VALUE>Russian Federation</VALUE></NATIONALITY>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Ivan Moroz</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1962-11-02</DATE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
  </INDIVIDUALS>
  <ENTITIES>
    <ENTITY>
      <DATAID>9900101</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>CRESCENT HORIZON GENERAL TRADING LLC</FIRST_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDe.300</REFERENCE_NUMBER>
      <LISTED_ON>2018-01-22</LISTED_ON>
      <ENTITY_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Crescent Horizon Co.</ALIAS_NAME></ENTITY_ALIAS>
    </ENTITY>
    <ENTITY>
      <DATAID>9900102</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>NORTHERN STAR SHIPPING COMPANY</FIRST_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE>
      <REFERENCE_NUMBER>KPe.077</REFERENCE_NUMBER>
      <LISTED_ON>2017-12-22</LISTED_ON>
    </ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>
`;

/** A listing the demo's second UN version adds (invented, like the rest). */
const DEMO_UN_ADDED = `    <INDIVIDUAL>
      <DATAID>9900005</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>RASHEED</FIRST_NAME>
      <SECOND_NAME>KAMAL</SECOND_NAME>
      <THIRD_NAME>AL-NOURI</THIRD_NAME>
      <UN_LIST_TYPE>ISIL (Da'esh)</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.904</REFERENCE_NUMBER>
      <NATIONALITY><VALUE>Syria</VALUE></NATIONALITY>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1977-06-21</DATE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
`;

/**
 * The demo's UN list as three successive files, each generated at `generated` (ISO): 1 is DEMO_UN_LIST; 2 adds
 * QDi.904 and gives KPe.077 an alias (a change); 3 drops KPi.950 and KPe.077 from 2, two of its seven entries,
 * more than a version may remove without a second person's approval.
 */
export function demoUnVersion(version: 1 | 2 | 3, generated: string): string {
  let xml = DEMO_UN_LIST.replace(/dateGenerated="[^"]*"/, `dateGenerated="${generated}"`);
  if (version === 1) return xml;
  xml = xml
    .replace('  </INDIVIDUALS>', `${DEMO_UN_ADDED}  </INDIVIDUALS>`)
    .replace('<REFERENCE_NUMBER>KPe.077</REFERENCE_NUMBER>', '<REFERENCE_NUMBER>KPe.077</REFERENCE_NUMBER>\n      <ENTITY_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Northern Star Maritime</ALIAS_NAME></ENTITY_ALIAS>');
  if (version === 2) return xml;
  return xml.replace(/\s*<INDIVIDUAL>\s*<DATAID>9900004<\/DATAID>[\s\S]*?<\/INDIVIDUAL>/, '').replace(/\s*<ENTITY>\s*<DATAID>9900102<\/DATAID>[\s\S]*?<\/ENTITY>/, '');
}

const UAE_HEADER = ['#', 'التصنيف', 'الاسم الكامل (بالحروف العربية)', 'الاسم الكامل (بالحروف اللاتينية)', 'تاريخ الميلاد', 'مكان الميلاد', 'الجنسية', 'قرار الإدراج'];
const UAE_ROWS = [
  ['1', 'شخص إرهابي', 'خالد سعيد المري', 'Khalid Saeed Al Marri', '12/03/1979', 'الدوحة', 'قطر', 'مدرج بموجب قرار مجلس الوزراء رقم (41) لسنة 2017'],
  ['2', 'شخص إرهابي', 'عبدالله ناصر الشامسي', 'Abdullah Nasser Al Shamsi', '1984', '-', 'اليمن', 'مدرج بموجب قرار مجلس الوزراء رقم (83) لسنة 2014'],
  ['3', 'شخص إرهابي', 'حسين علي القحطاني', 'Hussain Ali Al Qahtani', '05/07/1971', '-', 'السعودية', 'مدرج بموجب قرار مجلس الوزراء رقم (41) لسنة 2017'],
  ['4', 'تنظيم إرهابي', 'مؤسسة الفجر الخيرية', 'Al Fajr Charitable Foundation', '-', '-', '-', 'مدرج بموجب قرار مجلس الوزراء رقم (83) لسنة 2014'],
];

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
export const DEMO_UAE_LIST = [UAE_HEADER, ...UAE_ROWS].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

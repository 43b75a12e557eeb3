/** Demo FAQs: 30 in 5 categories, in English and Arabic, most published, a few drafts and one that ended. */
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import type { Queryable } from '../../db/database.ts';
import type { DemoContext } from '../../demo/context.ts';

type Entry = readonly [question_en: string, answer_en: string, question_ar: string, answer_ar: string];

const FAQS: Record<string, readonly Entry[]> = {
  Bookkeeping: [
    ['What does monthly bookkeeping include?', 'Recording every sale, purchase and bank movement, reconciling your accounts and sending you a monthly report.', 'ماذا تشمل خدمة مسك الدفاتر الشهرية؟', 'تسجيل جميع المبيعات والمشتريات والحركات البنكية، ومطابقة الحسابات، وإرسال تقرير شهري إليك.'],
    ['Which accounting software do you use?', 'We work in Xero, Zoho Books and QuickBooks, and can take over your existing file.', 'ما برامج المحاسبة التي تستخدمونها؟', 'نعمل على Xero و Zoho Books و QuickBooks، ويمكننا متابعة العمل على ملفك الحالي.'],
    ['How do I send you my receipts?', 'Upload them in the client app or forward them to your dedicated inbox.', 'كيف أرسل لكم الإيصالات؟', 'ارفعها عبر تطبيق العملاء أو أرسلها إلى بريدك المخصص.'],
    ['Can you catch up on past months?', 'Yes. We quote catch-up work separately, by the number of transactions.', 'هل يمكنكم إنجاز الأشهر السابقة المتأخرة؟', 'نعم، نقدم عرض سعر منفصلاً حسب عدد المعاملات.'],
    ['Who will look after my books?', 'A named bookkeeper, with a reviewer who checks every monthly report.', 'من سيتولى حساباتي؟', 'محاسب مخصص لك، ومراجع يدقق كل تقرير شهري.'],
    ['When do I get my monthly report?', 'By the tenth working day of the following month.', 'متى أستلم التقرير الشهري؟', 'بحلول يوم العمل العاشر من الشهر التالي.'],
  ],
  VAT: [
    ['Do I need to register for VAT?', 'You must register when your taxable supplies pass AED 375,000 in twelve months.', 'هل يجب علي التسجيل في ضريبة القيمة المضافة؟', 'يجب التسجيل عندما تتجاوز توريداتك الخاضعة للضريبة 375,000 درهم خلال اثني عشر شهراً.'],
    ['Can you file my VAT returns?', 'Yes, quarterly or monthly, through the FTA portal.', 'هل يمكنكم تقديم إقراراتي الضريبية؟', 'نعم، ربع سنوياً أو شهرياً عبر بوابة الهيئة الاتحادية للضرائب.'],
    ['What is the VAT rate in the UAE?', 'The standard rate is 5 %.', 'ما نسبة ضريبة القيمة المضافة في الإمارات؟', 'النسبة الأساسية هي 5٪.'],
    ['What happens if I file late?', 'The FTA charges a penalty; we set reminders so it does not happen.', 'ماذا يحدث إذا تأخرت في التقديم؟', 'تفرض الهيئة غرامة، ونحن نرسل تذكيرات لتجنب ذلك.'],
    ['Can you help with a VAT refund?', 'Yes, we prepare and follow up refund claims.', 'هل تساعدون في استرداد الضريبة؟', 'نعم، نعد طلبات الاسترداد ونتابعها.'],
    ['Do free zone companies pay VAT?', 'Most do; designated zones have special rules for goods.', 'هل تدفع شركات المناطق الحرة ضريبة القيمة المضافة؟', 'معظمها نعم، وللمناطق المحددة قواعد خاصة بالسلع.'],
  ],
  'Corporate tax': [
    ['Does corporate tax apply to my business?', 'Most UAE businesses must register; the 9 % rate applies to profit above AED 375,000.', 'هل تنطبق ضريبة الشركات على نشاطي؟', 'يجب على معظم الشركات التسجيل، وتطبق نسبة 9٪ على الأرباح التي تتجاوز 375,000 درهم.'],
    ['When is my first return due?', 'Nine months after the end of your first tax period.', 'متى يستحق أول إقرار؟', 'بعد تسعة أشهر من نهاية أول فترة ضريبية.'],
    ['What is small business relief?', 'Businesses with revenue under AED 3 million may elect to be treated as having no taxable income.', 'ما هو إعفاء الأعمال الصغيرة؟', 'يمكن للشركات التي تقل إيراداتها عن 3 ملايين درهم اختيار معاملتها كأنها بلا دخل خاضع للضريبة.'],
    ['Do you register us with the FTA?', 'Yes, as part of the corporate tax service.', 'هل تسجلوننا لدى الهيئة؟', 'نعم، ضمن خدمة ضريبة الشركات.'],
    ['Do I need audited accounts?', 'Some businesses do, for example free zone persons; we will tell you.', 'هل أحتاج إلى حسابات مدققة؟', 'بعض الشركات نعم، مثل الأشخاص المؤهلين في المناطق الحرة، وسنخبرك بذلك.'],
    ['Can you review a return prepared elsewhere?', 'Yes, we offer a one-off review.', 'هل يمكنكم مراجعة إقرار أعده غيركم؟', 'نعم، نقدم مراجعة لمرة واحدة.'],
  ],
  'CFO services': [
    ['What is a fractional CFO?', 'A senior finance lead for a few days a month, without a full-time salary.', 'ما هو المدير المالي بدوام جزئي؟', 'قائد مالي متمرس لبضعة أيام في الشهر دون راتب بدوام كامل.'],
    ['Can you help us raise funding?', 'We prepare the model, the data room and the investor pack.', 'هل تساعدوننا في جمع التمويل؟', 'نعد النموذج المالي وغرفة البيانات وملف المستثمرين.'],
    ['Do you prepare budgets and forecasts?', 'Yes, with a monthly comparison against actual figures.', 'هل تعدون الميزانيات والتوقعات؟', 'نعم، مع مقارنة شهرية بالأرقام الفعلية.'],
    ['What is the fundability check?', 'A review of how ready your company is for investors, with a written score.', 'ما هو فحص الجاهزية للتمويل؟', 'مراجعة لمدى جاهزية شركتك للمستثمرين مع تقييم مكتوب.'],
    ['Can you attend board meetings?', 'Yes, our CFOs present the financials to your board.', 'هل تحضرون اجتماعات مجلس الإدارة؟', 'نعم، يعرض مدراؤنا الماليون البيانات المالية على مجلسكم.'],
    ['How do we start?', 'Book a call from the Talk to an expert page.', 'كيف نبدأ؟', 'احجز مكالمة من صفحة تحدث إلى خبير.'],
  ],
  'Getting started': [
    ['How long does onboarding take?', 'Usually one to two weeks, from sign-up to your first report.', 'كم تستغرق عملية الانضمام؟', 'عادة من أسبوع إلى أسبوعين من التسجيل حتى أول تقرير.'],
    ['Which documents do you need?', 'Your trade licence, the owners\u2019 passports and Emirates IDs, and recent bank statements.', 'ما المستندات المطلوبة؟', 'الرخصة التجارية، وجوازات سفر الملاك وبطاقات الهوية الإماراتية، وكشوف الحساب البنكية الأخيرة.'],
    ['How do I pay?', 'By bank transfer, card or cheque, monthly, quarterly or yearly.', 'كيف أدفع؟', 'بالتحويل البنكي أو البطاقة أو الشيك، شهرياً أو ربع سنوياً أو سنوياً.'],
    ['Can I change my plan later?', 'Yes, from the next billing cycle.', 'هل يمكنني تغيير خطتي لاحقاً؟', 'نعم، ابتداءً من دورة الفوترة التالية.'],
    ['Do you work with DIFC companies?', 'Yes, including DIFC reporting requirements.', 'هل تعملون مع شركات مركز دبي المالي العالمي؟', 'نعم، بما في ذلك متطلبات التقارير الخاصة بالمركز.'],
    ['Where is your office?', 'In Business Bay, Dubai; most meetings are online.', 'أين يقع مكتبكم؟', 'في الخليج التجاري بدبي، ومعظم الاجتماعات عبر الإنترنت.'],
  ],
};

export async function seedFaqs(tx: Queryable, { now }: DemoContext): Promise<void> {
  const today = dubaiDate(now);
  let index = 0;
  for (const [category, entries] of Object.entries(FAQS)) {
    for (const [position, [questionEn, answerEn, questionAr, answerAr]] of entries.entries()) {
      // Every seventh is a draft; one published answer ended last week (the website no longer shows it).
      const status = index % 7 === 6 ? 'draft' : 'published';
      const until = index === 10 ? addDays(today, -7) : null;
      await tx.query(
        `INSERT INTO faqs (category, question_en, answer_en, question_ar, answer_ar, status, publish_from, publish_until, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [category, questionEn, answerEn, questionAr, answerAr, status, until ? addDays(today, -60) : null, until, position + 1],
      );
      index += 1;
    }
  }
}

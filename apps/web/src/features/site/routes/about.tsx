import { DocumentTitle } from '../../../components/ui/document-title';
import { messages } from '../../../i18n/messages';

export function Component() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <DocumentTitle screen={`عن ${messages.app.name}`} />
      <h1 className="text-3xl font-extrabold text-slate-900">عن {messages.app.name}</h1>
      <p className="mt-4 leading-8 text-slate-700">
        منصة تعليمية عربية لطلاب المرحلة الثانوية في مصر وطلاب الصفوف من الرابع إلى الثاني عشر في سلطنة عُمان.
        نقدّم كورسات في المواد العلمية والأدبية مقسّمة إلى وحدات أسبوعية من فيديوهات شرح واختبارات قصيرة بعد كل
        درس، مع متابعة لتقدّمك خطوة بخطوة.
      </p>
    </section>
  );
}

// The demo school's printed books (issue 18, item 8), so that `npm start` shows the home page's
// «الكتب» section with its WhatsApp order buttons. No covers: the cards show the built-in placeholder.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

export const DEMO_BOOKS = [
  {
    title: 'مذكرة الكيمياء — المراجعة النهائية',
    grade: 'Secondary3',
    price_cents: 15_000,
    description: 'ملخص كل أبواب المنهج مع أسئلة على نظام الامتحان وإجاباتها النموذجية.',
  },
  {
    title: 'كتاب الفيزياء — التدريبات',
    grade: 'Secondary2',
    price_cents: 12_000,
    description: 'تدريبات متدرجة الصعوبة على كل درس، مع الحل خطوة بخطوة.',
  },
  {
    title: 'مذكرة الرياضيات للصف العاشر',
    grade: 'Oman10',
    price_cents: 9_000,
    description: 'شرح مختصر وأمثلة محلولة وتمارين للمراجعة قبل الاختبار.',
  },
] as const;

/** Writes the demo books (active) and answers their ids. */
export async function writeDemoBooks(
  trx: Transaction<Database>,
  { tenantId, now }: { tenantId: number; now: string },
): Promise<number[]> {
  const rows = await trx
    .insertInto('books')
    .values(
      DEMO_BOOKS.map((book) => ({
        ...book,
        tenant_id: tenantId,
        image_path: null,
        active: 1 as const,
        created_at: now,
        modified_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

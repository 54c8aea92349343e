// The home page's «الكتب» section, in Arabic (the admin's texts are in admin-books.ts, so neither
// side's bundle carries the other's).

export const homeBookMessages = {
  title: 'الكتب',
  subtitle: 'كتب المدرسة المطبوعة لكل صف. اطلب كتابك عبر واتساب ويصلك التأكيد من المدرسة.',
  list: 'كتب المدرسة',
  order: 'اطلب عبر واتساب',
  orderLabel: (title: string) => `اطلب «${title}» عبر واتساب`,
  /** The WhatsApp message the order button writes for the student. */
  orderMessage: (title: string, grade: string) =>
    `السلام عليكم، أريد طلب كتاب «${title}» (${grade}). هل هو متاح؟`,
};

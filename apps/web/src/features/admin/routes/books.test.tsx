import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, sentJson, type Call } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { page } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const book = (overrides: Record<string, unknown> = {}) => ({
  id: 4,
  title: 'كتاب الكيمياء',
  description: 'مراجعة نهائية',
  imagePath: null,
  price: 120.5,
  grade: 'Secondary3',
  active: true,
  modificationDate: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function renderBooks(answers: Record<string, unknown> = {}) {
  const calls = fakeAdminApi({
    'GET /api/Admin/Books': {
      ...page(),
      books: [book(), book({ id: 5, title: 'كتاب عماني', grade: 'Oman7', active: false })],
    },
    ...answers,
  });
  return { calls, ...renderAdmin('/admin/books') };
}

describe('the admin’s books', () => {
  it('is in the admin nav and lists the books with grade, price and status in Arabic; filters go to the API', async () => {
    const { calls, user } = renderBooks();
    expect(await screen.findByRole('link', { name: 'الكتب' })).toHaveAttribute('href', '/admin/books');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('كتاب الكيمياء');
    expect(rows[0]).toHaveTextContent('الصف الثالث الثانوي');
    expect(rows[0]).toHaveTextContent('١٢٠٫٥٠ ج.م');
    expect(rows[0]).toHaveTextContent('معروض');
    expect(rows[1]).toHaveTextContent('مخفي');

    await user.selectOptions(screen.getByRole('combobox', { name: 'الصف' }), 'Oman7');
    await waitFor(() => {
      const last = callsTo(calls, 'GET /api/Admin/Books').at(-1)!;
      expect(last.url.searchParams.get('grade')).toBe('Oman7');
    });
  });

  it('adds a book: Arabic errors first and nothing sent, then the contract input', async () => {
    const { calls, user } = renderBooks({
      'POST /api/Admin/Books': (call: Call) =>
        envelope(200, 'Book created', book({ id: 9, ...(sentJson(call) as object) })),
    });
    await user.click(await screen.findByRole('button', { name: 'كتاب جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة كتاب' });
    await user.click(within(dialog).getByRole('button', { name: 'إضافة الكتاب' }));
    expect(within(dialog).getByLabelText('عنوان الكتاب')).toHaveAccessibleDescription(
      'يجب إدخال عنوان الكتاب',
    );
    expect(within(dialog).getByLabelText('الصف')).toHaveAccessibleDescription('يجب اختيار الصف');
    expect(callsTo(calls, 'POST /api/Admin/Books')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('عنوان الكتاب'), 'كتاب الفيزياء');
    await user.selectOptions(within(dialog).getByLabelText('الصف'), 'Secondary2');
    const price = within(dialog).getByLabelText('السعر (جنيه مصري)');
    await user.clear(price);
    await user.type(price, '٧٥٫٥');
    await user.click(within(dialog).getByRole('button', { name: 'إضافة الكتاب' }));
    expect(await screen.findByText('أُضيف «كتاب الفيزياء».')).toBeInTheDocument();
    expect(sentJson(callsTo(calls, 'POST /api/Admin/Books')[0])).toEqual({
      title: 'كتاب الفيزياء',
      grade: 'Secondary2',
      price: 75.5,
      description: '',
      active: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a book from its current values', async () => {
    const { calls, user } = renderBooks({
      'PUT /api/Admin/Books/4': (call: Call) =>
        envelope(200, 'Book saved', book(sentJson(call) as Record<string, unknown>)),
    });
    await user.click(await screen.findByRole('button', { name: 'تعديل كتاب الكيمياء' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل «كتاب الكيمياء»' });
    const title = within(dialog).getByLabelText('عنوان الكتاب');
    expect(title).toHaveValue('كتاب الكيمياء');
    await user.clear(title);
    await user.type(title, 'كتاب الكيمياء الجديد');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('حُفظ «كتاب الكيمياء الجديد».')).toBeInTheDocument();
    expect(sentJson(callsTo(calls, 'PUT /api/Admin/Books/4')[0])).toMatchObject({
      title: 'كتاب الكيمياء الجديد',
      grade: 'Secondary3',
      price: 120.5,
    });
  });

  it('hides a book from the home page, and deletes one after confirming', async () => {
    const { calls, user } = renderBooks({
      'POST /api/Admin/Books/4/Active': book({ active: false }),
      'DELETE /api/Admin/Books/5': null,
    });
    await user.click(await screen.findByRole('button', { name: 'إخفاء كتاب الكيمياء' }));
    expect(await screen.findByText('أُخفي «كتاب الكيمياء».')).toBeInTheDocument();
    expect(sentJson(callsTo(calls, 'POST /api/Admin/Books/4/Active')[0])).toEqual({ active: false });

    await user.click(screen.getByRole('button', { name: 'حذف كتاب عماني' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف الكتاب' });
    expect(confirm).toHaveTextContent('سيُحذف «كتاب عماني» وصورته');
    expect(callsTo(calls, 'DELETE /api/Admin/Books/5')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('حُذف الكتاب.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE /api/Admin/Books/5')).toHaveLength(1);
  });

  it('uploads the chosen cover once the book is saved', async () => {
    const { calls, user } = renderBooks({
      'PUT /api/Admin/Books/4': book(),
      'POST /api/Admin/Books/4/Image': book({ imagePath: '/api/files/images/1-a.png' }),
    });
    await user.click(await screen.findByRole('button', { name: 'تعديل كتاب الكيمياء' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل «كتاب الكيمياء»' });
    const cover = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('صورة الغلاف'), cover);
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(callsTo(calls, 'POST /api/Admin/Books/4/Image')).toHaveLength(1));
    const form = callsTo(calls, 'POST /api/Admin/Books/4/Image')[0]!.body as FormData;
    expect((form.get('file') as File).name).toBe('cover.png');
  });

  it('warns when the school has no WhatsApp number (no order button on the home page)', async () => {
    renderBooks({ 'GET /api/Contact/getAll': [{ whatsApp_Number: null }] });
    expect(await screen.findByText(/لم يُضبط رقم واتساب للمدرسة بعد/)).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../../test/render';
import { Component as GradeChooser } from './grade-chooser';

const renderChooser = (country: string) =>
  renderRoute(<GradeChooser />, { path: '/grades/:country', url: `/grades/${country}` });

describe('Grade choosers', () => {
  it('Egypt: three grade cards leading to the grade course lists', () => {
    renderChooser('egypt');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('مصر');
    const links = within(screen.getByRole('list', { name: 'صفوف مصر' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/courses/egypt/grade/secondary1',
      '/courses/egypt/grade/secondary2',
      '/courses/egypt/grade/secondary3',
    ]);
    expect(links[2]).toHaveTextContent('الصف الثالث الثانوي');
  });

  it('Oman: grades 4 to 12', () => {
    renderChooser('oman');
    const links = within(screen.getByRole('list', { name: 'صفوف عُمان' })).getAllByRole('link');
    expect(links).toHaveLength(9);
    expect(links[0]).toHaveAttribute('href', '/courses/oman/grade/oman4');
    expect(links[8]).toHaveAttribute('href', '/courses/oman/grade/oman12');
    expect(links[8]).toHaveTextContent('الصف الثاني عشر');
  });

  it('passes the grade and country as navigation state', async () => {
    const { user, router } = renderChooser('egypt');
    await user.click(screen.getByRole('link', { name: /الصف الثاني الثانوي/ }));
    expect(router.state.location.pathname).toBe('/courses/egypt/grade/secondary2');
    expect(router.state.location.state).toEqual({ grade: 'Secondary2', country: 'egypt' });
  });

  it('has a back-to-home button', () => {
    renderChooser('oman');
    expect(screen.getByRole('link', { name: 'العودة للرئيسية' })).toHaveAttribute('href', '/');
  });

  it('shows the not-found content for an unknown country', () => {
    renderChooser('france');
    expect(screen.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
  });
});

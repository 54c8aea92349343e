import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch, type Call, sentJson } from '../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../test/render';
import { authStore } from '../../../lib/auth-store';
import { Component as Profile } from './profile';

type User = ReturnType<typeof renderRoute>['user'];

const PROFILE = { ...TEST_USER, grade: 'Secondary2' };

function api(
  update: (call: Call) => Response = (call) =>
    envelope(200, 'Profile updated successfully', { ...TEST_USER, ...(sentJson(call) as object) }),
) {
  return stubFetch((call) => {
    if (call.url.pathname === '/api/Student/profile' && call.method === 'GET')
      return envelope(200, null, PROFILE);
    if (call.url.pathname === '/api/Student/profile' && call.method === 'PUT') return update(call);
    if (call.url.pathname === '/api/Auth/logout') return envelope(200, 'Logged out successfully');
    return envelope(404, 'Not found');
  });
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT');

async function renderProfile() {
  const view = renderRoute(<Profile />, { path: '/profile', user: TEST_USER });
  await screen.findByDisplayValue(TEST_USER.name);
  return view;
}

const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save changes' }));

async function changePassword(user: User, current: string, next: string, confirm: string) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
}

describe('Profile settings', () => {
  it('is in English, left to right, with a read-only email and the grades of the user’s country', async () => {
    api();
    await renderProfile();
    const heading = screen.getByRole('heading', { name: 'Profile Settings' });
    const container = heading.closest('section')!;
    expect(container).toHaveAttribute('lang', 'en');
    expect(container).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('Email')).toHaveValue(TEST_USER.email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    const grade = screen.getByLabelText('Grade');
    expect(grade).toHaveValue('Secondary2');
    expect(
      within(grade)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['Secondary1', 'Secondary2', 'Secondary3']);
    expect(screen.getByText('Change password (optional)')).toBeInTheDocument();
  });

  it("says 'No changes were made' and sends nothing when nothing changed", async () => {
    const calls = api();
    const { user } = await renderProfile();
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('No changes were made');
    expect(puts(calls)).toHaveLength(0);
  });

  it("says 'Passwords do not match'", async () => {
    const calls = api();
    const { user } = await renderProfile();
    await changePassword(user, 'oldpass1', 'newpass1', 'newpass2');
    await save(user);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toHaveLength(0);
  });

  it("says 'Password must be at least 6 characters long'", async () => {
    const calls = api();
    const { user } = await renderProfile();
    await changePassword(user, 'oldpass1', 'abc', 'abc');
    await save(user);
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it('needs the current password to change it', async () => {
    const calls = api();
    const { user } = await renderProfile();
    await changePassword(user, '', 'newpass1', 'newpass1');
    await save(user);
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it('sends only the name when only the name changed, and updates the stored user', async () => {
    const calls = api();
    const { user } = await renderProfile();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), '  Sara Ahmed ');
    await save(user);
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(sentJson(puts(calls)[0])).toEqual({ name: 'Sara Ahmed' });
    expect(authStore.get().user?.name).toBe('Sara Ahmed');
  });

  it('sends only the grade when only the grade changed', async () => {
    const calls = api();
    const { user } = await renderProfile();
    await user.selectOptions(screen.getByLabelText('Grade'), 'Secondary3');
    await save(user);
    await screen.findByText('Profile updated successfully');
    expect(sentJson(puts(calls)[0])).toEqual({ grade: 'Secondary3' });
  });

  it('sends only the password fields for a password change, then clears them', async () => {
    const calls = api();
    const { user } = await renderProfile();
    await changePassword(user, 'oldpass1', 'newpass1', 'newpass1');
    await save(user);
    await screen.findByText('Profile updated successfully');
    expect(sentJson(puts(calls)[0])).toEqual({
      currentPassword: 'oldpass1',
      newPassword: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(screen.getByLabelText('New password')).toHaveValue('');
    // Saving again right away: nothing changed any more.
    await save(user);
    expect(await screen.findByText('No changes were made')).toBeInTheDocument();
  });

  it("shows 'Current password is incorrect' on a 403", async () => {
    api(() => envelope(403, 'Current password is incorrect'));
    const { user } = await renderProfile();
    await changePassword(user, 'wrongpass', 'newpass1', 'newpass1');
    await save(user);
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('logs out (server call, local sign-out, home)', async () => {
    const calls = api();
    const { user, router } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((call) => call.url.pathname === '/api/Auth/logout' && call.method === 'POST')).toBe(
      true,
    );
    expect(authStore.get().user).toBeNull();
  });
});

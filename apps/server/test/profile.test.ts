// GET/PUT /api/Student/profile (API.md, Profile): read, update only what changed, and a password
// change that keeps this device signed in and ends the others (RULES.md, Devices and sessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH, PROFILE } from './support/auth-helpers';
import { PASSWORD, registerStudent, startTestApi, type Device, type TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const UPDATED = 'Profile updated successfully';
const NO_CHANGES = failure('No changes were made');

async function signedIn(overrides: Record<string, string> = {}) {
  const student = await registerStudent(api, overrides);
  const device = api.device();
  expect((await device.login(student.Email)).status).toBe(200);
  return { student, device };
}

const put = (device: Device, json: unknown) => device.call('PUT', PROFILE, { json });

describe('GET /api/Student/profile', () => {
  it('returns the User and the grade', async () => {
    const { student, device } = await signedIn({ AcademicYear: 'Oman 9' });
    const reply = await device.call('GET', PROFILE);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: {
        id: student.id,
        name: student.UserName,
        email: student.Email,
        academicYear: 'Oman9',
        phoneNumber: student.PhoneNumber,
        grade: 'Oman9',
      },
    });
  });

  it('is 401 without a token or with a bad token', async () => {
    const { device } = await signedIn();
    const none = await api.call('GET', PROFILE);
    expect(none.status).toBe(401);
    expect(none.body).toEqual(failure('Unauthorized'));
    expect((await api.call('GET', PROFILE, { token: 'not.a.token', deviceId: device.deviceId })).status).toBe(
      401,
    );
    // Without the DeviceId header the token's own device is meant (issue 18, difference 3).
    expect((await api.call('GET', PROFILE, { token: device.token })).status).toBe(200);
  });

  it('PUT is 401 without a token and changes nothing', async () => {
    const { student, device } = await signedIn();
    const reply = await api.call('PUT', PROFILE, { json: { name: 'Someone Else' } });
    expect(reply.status).toBe(401);
    expect((await device.call('GET', PROFILE)).body.data.name).toBe(student.UserName);
  });
});

describe('PUT /api/Student/profile', () => {
  it('changes the name', async () => {
    const { student, device } = await signedIn();
    const reply = await put(device, { name: 'سارة علي' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: UPDATED,
      data: {
        id: student.id,
        name: 'سارة علي',
        email: student.Email,
        academicYear: 'Secondary3',
        phoneNumber: student.PhoneNumber,
      },
    });
    expect((await device.call('GET', PROFILE)).body.data.name).toBe('سارة علي');
  });

  it('changes the grade, read in any of its forms', async () => {
    const { device } = await signedIn();
    const reply = await put(device, { grade: 'secondary 1' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: UPDATED,
      data: { academicYear: 'Secondary1' },
    });
    const profile = await device.call('GET', PROFILE);
    expect(profile.body.data).toMatchObject({ academicYear: 'Secondary1', grade: 'Secondary1' });
  });

  it('refuses an unknown grade', async () => {
    const { device } = await signedIn();
    const reply = await put(device, { grade: 'Secondary7' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, data: null, errors: { grade: expect.any(String) } });
  });

  it.each([
    ['an empty body', () => ({})],
    ['the same name', (s: { UserName: string }) => ({ name: s.UserName })],
    ['the same grade', () => ({ grade: 'Secondary3' })],
    ['the same name and grade', (s: { UserName: string }) => ({ name: s.UserName, grade: 'Secondary3' })],
  ])('answers 400 "No changes were made" for %s', async (_name, body) => {
    const { student, device } = await signedIn();
    const reply = await put(device, body(student));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(NO_CHANGES);
  });

  it('refuses mismatched new passwords', async () => {
    const { student, device } = await signedIn();
    const reply = await put(device, {
      currentPassword: PASSWORD,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-2',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      message: PASSWORDS_DO_NOT_MATCH,
      data: null,
      errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH },
    });
    expect((await api.device().login(student.Email, PASSWORD)).status).toBe(200);
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const { device } = await signedIn();
    const reply = await put(device, {
      currentPassword: PASSWORD,
      newPassword: '12345',
      confirmPassword: '12345',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      message: PASSWORD_TOO_SHORT,
      data: null,
      errors: { newPassword: PASSWORD_TOO_SHORT },
    });
  });

  it('answers 403 for a wrong current password and keeps the old one', async () => {
    const { student, device } = await signedIn();
    const other = api.device();
    expect((await other.login(student.Email)).status).toBe(200);
    const reply = await put(device, {
      currentPassword: 'not-my-password',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ success: false, data: null });
    expect(reply.body.message).toEqual(expect.any(String));
    // Nothing happened: the other device is still signed in and the old password still works.
    expect((await other.call('GET', PROFILE)).status).toBe(200);
    expect((await other.login(student.Email, PASSWORD)).status).toBe(200);
    expect((await other.login(student.Email, 'new-password-1')).status).toBe(400);
  });

  it('does not change the name either when the current password is wrong', async () => {
    const { student, device } = await signedIn();
    const reply = await put(device, {
      name: 'Changed Name',
      currentPassword: 'not-my-password',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(reply.status).toBe(403);
    expect((await device.call('GET', PROFILE)).body.data.name).toBe(student.UserName);
  });

  it('changes the password: this device stays signed in, the other sessions end', async () => {
    const { student, device } = await signedIn();
    const other = api.device();
    expect((await other.login(student.Email)).status).toBe(200);

    const reply = await put(device, {
      currentPassword: PASSWORD,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: UPDATED, data: { id: student.id } });

    expect((await device.call('GET', PROFILE)).status).toBe(200);
    expect((await device.call('POST', '/api/Auth/refresh-token')).status).toBe(200);
    expect((await other.call('GET', PROFILE)).status).toBe(401);
    expect((await other.call('POST', '/api/Auth/refresh-token')).status).toBe(401);

    const old = await api.device().login(student.Email, PASSWORD);
    expect(old.status).toBe(400);
    expect((await api.device().login(student.Email, 'new-password-1')).status).toBe(200);
  });
});

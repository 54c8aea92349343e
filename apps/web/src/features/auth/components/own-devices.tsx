// The way out of the device limit (issue 15): the student re-enters the password, sees the account's
// devices (browser and OS, last use; never a place) and signs out one they no longer have, once per
// SELF_SIGN_OUT_DAYS. A sign-out frees the slot; the login is then tried again by itself.
import type { LoginRequest, OwnDevice } from '@app/contract';
import { daysLabelAr, lastUsedLabelAr, SELF_SIGN_OUT_DAYS, waitSpanLabelAr } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { ltrIsolate, tooManyAttemptsText } from '../../../i18n/messages';
import { authMessages } from '../../../i18n/auth';
import { ApiError } from '../../../lib/api-client';
import { useListOwnDevices, useSignOutOwnDevice } from '../api/own-devices';

const t = authMessages.login.devices;
/** Wrong credentials are a 400 with this message (API.md: a 401 would read as an expired token). */
const WRONG_CREDENTIALS = 'Invalid email/mobile or password.';

/** The server's refusal of a second sign-out within the week (README, API additions). */
const ALLOWANCE_USED = `You can sign out one device every ${SELF_SIGN_OUT_DAYS} days.`;

const passwordSchema = z.object({
  password: z.string().min(1, { error: authMessages.login.required.password }),
});

/** What to say about a refused call, in Arabic. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return t.failed;
  if (error.status === 400 && error.message === WRONG_CREDENTIALS) return t.wrongPassword;
  if (error.status === 404) return t.notFound;
  if (error.status === 429 && error.message === ALLOWANCE_USED && error.retryAfterSeconds !== null)
    return t.nextSignOut(waitSpanLabelAr(error.retryAfterSeconds * 1000));
  if (error.status === 429) return tooManyAttemptsText(error.retryAfterSeconds);
  if (error.isNetwork) return authMessages.fields.networkHint.title;
  return t.failed;
}

/** "Chrome على Android 14": the names as the browser gives them (Latin, isolated), else Arabic words. */
const deviceName = (device: OwnDevice) =>
  t.deviceName(
    device.browser ? ltrIsolate(device.browser) : t.unknownBrowser,
    device.os ? ltrIsolate(device.os) : t.unknownOs,
  );

function DeviceRow({
  device,
  now,
  disabled,
  busy,
  onSignOut,
}: {
  device: OwnDevice;
  now: number;
  disabled: boolean;
  busy: boolean;
  onSignOut: () => void;
}) {
  const nameId = useId();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3">
      <div>
        <p id={nameId} className="font-semibold text-slate-900">
          {deviceName(device)}
          {device.current ? <span className="ms-2 text-sm text-brand-800">({t.thisDevice})</span> : null}
        </p>
        <p className="text-sm text-slate-700">{lastUsedLabelAr(now - Date.parse(device.lastUsedAt))}</p>
      </div>
      <Button
        variant="secondary"
        className="w-full"
        disabled={disabled}
        aria-describedby={nameId}
        aria-busy={busy || undefined}
        onClick={onSignOut}
      >
        {busy ? t.signingOut : t.signOut}
      </Button>
    </li>
  );
}

export function OwnDevices({ identifier, onSignedOut }: { identifier: string; onSignedOut: () => void }) {
  const titleId = useId();
  const form = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: '' } });
  const list = useListOwnDevices();
  const signOut = useSignOutOwnDevice();
  // The credentials the list was shown for, and when: "last used" and the wait count from then.
  const [shown, setShown] = useState<{ credentials: LoginRequest; at: number } | null>(null);

  const show = form.handleSubmit(({ password }) => {
    const credentials = { EmailorMobile: identifier, password };
    signOut.reset();
    list.mutate(credentials, { onSuccess: () => setShown({ credentials, at: Date.now() }) });
  });
  const signOutOf = (id: string) => {
    if (shown) signOut.mutate({ id, credentials: shown.credentials }, { onSuccess: onSignedOut });
  };

  const listed = list.data?.data;
  const now = shown?.at ?? 0;
  const waitMs = listed?.nextSignOutAt ? Date.parse(listed.nextSignOutAt) - now : 0;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h2 id={titleId} className="font-bold text-slate-900">
        {t.title}
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-800">{t.intro(daysLabelAr(SELF_SIGN_OUT_DAYS))}</p>
      <form noValidate onSubmit={(event) => void show(event)} className="mt-3 flex flex-col gap-3">
        <PasswordField
          label={t.password}
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" disabled={list.isPending} aria-busy={list.isPending || undefined}>
          {list.isPending ? t.showing : t.show}
        </Button>
      </form>
      {list.isError ? (
        <div className="mt-3">
          <Alert tone="error">{failureText(list.error)}</Alert>
        </div>
      ) : null}
      {listed && shown && !list.isPending ? (
        <div className="mt-4 flex flex-col gap-3">
          <h3 className="font-semibold text-slate-900">{t.listTitle}</h3>
          {listed.devices.length === 0 ? (
            <p className="text-sm">{t.none}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {listed.devices.map((device) => (
                <DeviceRow
                  key={device.id}
                  device={device}
                  now={now}
                  disabled={waitMs > 0 || signOut.isPending || signOut.isSuccess}
                  busy={signOut.isPending && signOut.variables.id === device.id}
                  onSignOut={() => signOutOf(device.id)}
                />
              ))}
            </ul>
          )}
          {waitMs > 0 ? <Alert tone="info">{t.nextSignOut(waitSpanLabelAr(waitMs))}</Alert> : null}
          {signOut.isError ? <Alert tone="error">{failureText(signOut.error)}</Alert> : null}
          {signOut.isSuccess ? <Alert tone="success">{t.signedOut}</Alert> : null}
          <p className="text-xs text-slate-600">{t.placeWithheld}</p>
        </div>
      ) : null}
    </section>
  );
}

// Developer page (protected): renews the access token, then calls GET /api/Student/profile with the
// new one, and lists each step.
import { DocumentTitle } from '../../../components/ui/document-title';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { authMessages } from '../../../i18n/auth';
import { ApiError, refreshAccessToken } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { getProfile } from '../api/auth-api';

const t = authMessages.refreshTest;

type Step = { text: string; ok: boolean | null };

/** Enough of a token to tell two apart, never the whole secret on screen. */
const preview = (token: string) => `${token.slice(0, 12)}…${token.slice(-6)}`;

export function Component() {
  const [steps, setSteps] = useState<Step[]>([]);
  const [running, setRunning] = useState(false);

  async function run() {
    const log = (text: string, ok: boolean | null = null) =>
      setSteps((previous) => [...previous, { text, ok }]);
    setSteps([]);
    setRunning(true);
    try {
      log(t.start);
      const before = authStore.get().token;
      log(before ? t.currentToken(preview(before)) : t.noToken, before ? null : false);
      log(t.refreshing);
      const renewed = await refreshAccessToken();
      if (!renewed) {
        log(t.refreshFailed, false);
        return;
      }
      log(t.refreshed(preview(renewed)), true);
      if (renewed === before) log(t.sameToken, false);
      log(t.fetchingProfile);
      try {
        const body = await getProfile();
        log(t.profileOk(body.data?.name ?? ''), true);
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        log(t.profileFailed(status, error instanceof Error ? error.message : String(error)), false);
      }
    } finally {
      log(t.finished);
      setRunning(false);
    }
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 md:py-12">
      <DocumentTitle screen={t.title} />
      <h1 className="text-2xl font-extrabold text-slate-900">{t.title}</h1>
      <p className="mt-1 text-slate-700">{t.intro}</p>
      <Button className="mt-4" onClick={() => void run()} disabled={running} aria-busy={running || undefined}>
        {running ? t.running : t.run}
      </Button>
      <h2 className="mt-8 font-bold text-slate-900">{t.log}</h2>
      {steps.length === 0 ? (
        <p className="mt-2 text-slate-600">{t.empty}</p>
      ) : (
        <ol
          aria-live="polite"
          className="mt-2 flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 text-sm"
        >
          {steps.map((step, index) => (
            <li
              key={index}
              dir="auto"
              className={step.ok === false ? 'text-red-800' : step.ok ? 'text-green-800' : 'text-slate-800'}
            >
              <span aria-hidden="true">{step.ok === false ? '✗ ' : step.ok ? '✓ ' : '• '}</span>
              {step.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

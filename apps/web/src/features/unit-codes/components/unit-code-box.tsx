// Spec (unit-code box): one input and a submit button; idle → submitting → success | error. Logged
// out, submit goes to /login, which says why; the code is kept and entered once the student is back
// logged in. On success the input locks and the app moves to /my-lectures after 2 s.
import { isWellFormedCode, UNIT_CODE_REDIRECT_MS } from '@app/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { messages } from '../../../i18n/messages';
import { useEnterCode } from '../api/enter-code';
import { pendingUnitCode } from '../utils/pending-code';
import { unitCodeErrorMessage } from './unit-code-error';

const t = messages.unitCode;

export function UnitCodeBox({ isAuthenticated }: { isAuthenticated: boolean }) {
  const navigate = useNavigate();
  const headingId = useId();
  // A code typed before logging in, back after it.
  const [kept] = useState(() => (isAuthenticated ? pendingUnitCode.peek() : null));
  const [code, setCode] = useState(kept ?? '');
  const [formatError, setFormatError] = useState<string | null>(null);
  const mutation = useEnterCode();
  const { mutate } = mutation;
  const succeeded = mutation.isSuccess;
  const keptSent = useRef(false);

  useEffect(() => {
    if (kept === null || keptSent.current) return;
    keptSent.current = true;
    pendingUnitCode.clear();
    const trimmedKept = kept.trim();
    if (isWellFormedCode(trimmedKept)) mutate(trimmedKept);
  }, [kept, mutate]);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate(paths.myLectures.getHref()), UNIT_CODE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  const trimmed = code.trim();
  const error = formatError ?? (mutation.isError ? unitCodeErrorMessage(mutation.error) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || mutation.isPending || succeeded) return;
    if (!isAuthenticated) {
      pendingUnitCode.keep(code);
      void navigate(paths.login.getHref({ from: paths.home.getHref(), reason: 'unit-code' }), {
        state: { from: paths.home.getHref() },
      });
      return;
    }
    if (!isWellFormedCode(trimmed)) {
      setFormatError(t.invalidFormat);
      return;
    }
    mutation.mutate(trimmed);
  }

  return (
    <section
      id="unit-code"
      aria-labelledby={headingId}
      className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-extrabold text-slate-900">
        {t.title}
      </h2>
      <p className="mt-1 text-slate-700">{t.subtitle}</p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            label={t.label}
            name="code"
            value={code}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t.placeholder}
            maxLength={64}
            disabled={succeeded}
            error={error ?? undefined}
            hint={isAuthenticated ? undefined : t.loginHint}
            onChange={(event) => {
              setCode(event.target.value);
              setFormatError(null);
              if (mutation.isError) mutation.reset();
            }}
          />
        </div>
        <Button
          type="submit"
          className="sm:mt-7"
          disabled={!trimmed || mutation.isPending || succeeded}
          aria-busy={mutation.isPending || undefined}
        >
          {mutation.isPending ? t.submitting : t.submit}
        </Button>
      </form>
      {succeeded ? (
        <div className="mt-4">
          <Alert tone="success">{t.success}</Alert>
        </div>
      ) : null}
    </section>
  );
}

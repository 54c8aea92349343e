// A student's device sessions and the support answer to 'I hit the device limit': end them all, after
// a confirmation. The student's next request is refused and their app goes to /login.
import type { AdminStudentDetail } from '@app/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { adminMessages } from '../../../i18n/admin';
import { useEndSessions } from '../api/students';
import { formatDateTime } from '../lib/format';
import { Ltr } from './admin-table';
import { ConfirmAction } from './confirm-action';

const t = adminMessages.student;

export function StudentSessions({ detail }: { detail: AdminStudentDetail }) {
  const end = useEndSessions();
  const [notice, setNotice] = useState<string | null>(null);
  const { student, sessions } = detail;
  return (
    <section aria-labelledby="sessions-heading" className="space-y-3">
      <h2 id="sessions-heading" className="text-xl font-extrabold text-slate-900">
        {t.sessions}
      </h2>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {sessions.length === 0 ? (
        <p className="text-slate-700">{t.noSessions}</p>
      ) : (
        <ul className="space-y-2">
          {sessions.map((session) => (
            <li key={session.deviceId} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
              <p className="text-sm text-slate-600">{t.device}</p>
              <p className="font-mono text-sm font-semibold break-all">
                <Ltr>{session.deviceId}</Ltr>
              </p>
              <p className="text-sm text-slate-700">
                {t.sessionStarted}: {formatDateTime(session.createdAt)} · {t.sessionRefreshed}:{' '}
                {formatDateTime(session.refreshedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <ConfirmAction
        className={buttonClass('danger')}
        title={t.endSessionsTitle}
        body={t.endSessionsBody(student.name)}
        confirmLabel={t.endSessionsConfirm}
        action={async () => {
          const result = await end.mutateAsync(student.id);
          setNotice(t.sessionsEnded(result.ended));
        }}
      >
        {t.endSessions}
      </ConfirmAction>
    </section>
  );
}

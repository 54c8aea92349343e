// The door of /admin: not signed in → /login (coming back here after); the API's GET /api/Admin/Me
// decides the rest: 200 shows the admin area, 403 the site's not-found page (the area's existence
// is not advertised), 401 (the session ended) → /login.
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { StateMessage } from '../../../components/ui/state-message';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { useAuth } from '../../auth/hooks/use-auth';
import { NotFoundContent } from '../../catalogue/components/not-found-content';
import { useAdminMe } from '../api/get-admin-me';
import { adminErrorText, isStatus } from '../lib/error-text';

export function Component() {
  const { user } = useAuth();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  if (!user) return <Navigate to={paths.login.getHref({ from })} replace state={{ from }} />;
  return <AdminGate userId={user.id} from={from} />;
}

function AdminGate({ userId, from }: { userId: number; from: string }) {
  const me = useAdminMe(userId);
  if (me.isPending) return <Spinner fullPage label={adminMessages.layout.checking} />;
  if (me.isError) {
    if (isStatus(me.error, 401))
      return <Navigate to={paths.login.getHref({ from })} replace state={{ from }} />;
    if (isStatus(me.error, 403) || isStatus(me.error, 404))
      return (
        <main id="main">
          <NotFoundContent />
        </main>
      );
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16">
        <StateMessage
          tone="error"
          title={adminErrorText(me.error)}
          action={
            <Button onClick={() => void me.refetch()} disabled={me.isFetching}>
              {adminMessages.common.retry}
            </Button>
          }
        />
      </main>
    );
  }
  return <Outlet context={me.data} />;
}

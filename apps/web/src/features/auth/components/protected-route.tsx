// Spec: a spinner while validating; the content when signed in; otherwise /login, replacing history
// and passing the original path as 'from'.
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../hooks/use-auth';
import { useSessionValidation } from '../hooks/use-session-validation';

export function ProtectedRoute() {
  const { user } = useAuth();
  const location = useLocation();
  const { validating } = useSessionValidation(user?.id ?? null);
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login.getHref({ from })} replace state={{ from }} />;
  }
  if (validating) return <Spinner fullPage />;
  return <Outlet />;
}

// A session that cannot be renewed sends the user to /login, remembering where they were (spec:
// token refresh failure). The API client knows when; the router, mounted here, knows how.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { setSessionExpiredHandler } from '../../../lib/api-client';

export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredHandler(() => {
      const { pathname, search } = window.location;
      if (pathname !== paths.login.path)
        void navigate(paths.login.getHref({ from: `${pathname}${search}` }), { replace: true });
    });
  }, [navigate]);
  return null;
}

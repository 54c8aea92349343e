// A session that cannot be renewed sends the user to /login, remembering where they were and saying
// why (spec: token refresh failure; on My courses the expired-session message). The API client knows
// when; the router, mounted here, knows how and where the user is.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { setSessionExpiredHandler } from '../../../lib/api-client';

export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  useEffect(() => {
    setSessionExpiredHandler(() => {
      const { pathname, search } = here.current;
      if (pathname !== paths.login.path)
        void navigate(paths.login.getHref({ from: `${pathname}${search}`, reason: 'expired' }), {
          replace: true,
        });
    });
  }, [navigate]);
  return null;
}

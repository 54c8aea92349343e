import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authStore } from '../../../lib/auth-store';
import { logout } from '../api/session';

/** Logs out on the server, and clears local state even when the server call fails (spec). */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Local sign-out still happens.
    }
    authStore.clear();
    queryClient.clear();
    await navigate(paths.home.getHref(), { replace: true });
  }, [navigate, queryClient]);
}

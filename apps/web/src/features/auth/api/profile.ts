// The profile screen's data: GET /api/Student/profile, and the update that changes it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authStore } from '../../../lib/auth-store';
import { getProfile, updateProfile } from './auth-api';

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['profile'], queryFn: async () => (await getProfile()).data });

export const useProfile = () => useQuery(profileQueryOptions());

/** A successful update refreshes the stored user (the top bar's greeting) and the profile query. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (body) => {
      if (body.data) authStore.updateUser(body.data);
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}

// POST /api/UnitCode/EnterCode?code=… : redeems a unit code for the signed-in student. The answer is
// `{ success, message }`; a failure arrives as an ApiError with its status. No schema is parsed here
// so the home page (where the box lives) does not need the validation library.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The unlocked-units list ('my lectures'); a redeemed code changes it. */
export const MY_UNITS_KEY = ['my-units'] as const;

export async function enterCode(code: string): Promise<void> {
  await apiRequest('/api/UnitCode/EnterCode', { method: 'POST', query: { code } });
}

export function useEnterCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_UNITS_KEY }),
  });
}

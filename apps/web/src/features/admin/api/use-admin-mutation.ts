// Every admin action changes the audit log as well as its own data: after a success the given keys
// and the audit log are invalidated, so the screens that show them read again.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKeys } from './keys';

export function useAdminMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  invalidate: (input: TInput, result: TResult) => readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, input) => {
      const keys = [...invalidate(input, result), adminKeys.audit];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

// Every admin action changes the audit log as well as its own data: after a success the given keys
// and the audit log are invalidated, so the screens that show them read again. A 409 can mean that
// what the screen shows changed meanwhile: `onConflict` names what to read again then.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isStatus } from '../lib/error-text';
import { adminKeys } from './keys';

export function useAdminMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  invalidate: (input: TInput, result: TResult) => readonly QueryKey[],
  onConflict?: (input: TInput) => readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  const readAgain = (keys: readonly QueryKey[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    onSuccess: (result, input) => readAgain([...invalidate(input, result), adminKeys.audit]),
    onError: async (error, input) => {
      if (onConflict && isStatus(error, 409)) await readAgain(onConflict(input));
    },
  });
}

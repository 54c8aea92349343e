// The loading and failure states every admin screen shares: a spinner, then either the screen or
// an Arabic error with retry.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { StateMessage } from '../../../components/ui/state-message';
import { adminMessages } from '../../../i18n/admin';
import { adminErrorText } from '../lib/error-text';

export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={adminMessages.common.loading} />;
  if (query.isError)
    return (
      <StateMessage
        tone="error"
        title={adminErrorText(query.error)}
        action={
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            {adminMessages.common.retry}
          </Button>
        }
      />
    );
  return <>{children(query.data)}</>;
}

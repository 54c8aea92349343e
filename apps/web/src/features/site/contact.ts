// The footer is on every page: its call parses nothing at run time, so zod stays out of the shell.
import type { Contact } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const contactQueryOptions = () =>
  queryOptions({
    queryKey: ['contact'],
    queryFn: async (): Promise<Contact | null> => {
      const body = (await apiRequest('/api/Contact/getAll')) as { data: Contact[] | null };
      return body.data?.[0] ?? null;
    },
  });

/** The tenant's contact links (the first record is used). */
export const useContact = () => useQuery(contactQueryOptions());

/** A WhatsApp chat link with a prefilled message, or null when the school has no number. */
export function whatsAppLink(number: string | null | undefined, message: string): string | null {
  const digits = number?.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : null;
}

import { z } from 'zod';
import { envelope } from './common';

export const Contact = z.object({
  whatsApp_Number: z.string().nullable(),
  facebook_Page: z.string().nullable(),
  youTube_Channel: z.string().nullable(),
  tiktokChannel: z.string().nullable(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactListResponse = envelope(z.array(Contact));

export const Health = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'unreachable']) });

import { z } from 'zod';

export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  academicYear: z.string(),
  phoneNumber: z.string(),
});
export type User = z.infer<typeof User>;

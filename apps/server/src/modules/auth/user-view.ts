import type { User } from '@app/contract';
import type { UserRow } from '../../db/schema';

/** The `User` of the contract: what a student's own account looks like on the wire. */
export const toUser = (row: Pick<UserRow, 'id' | 'name' | 'email' | 'academic_year' | 'phone'>): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  academicYear: row.academic_year,
  phoneNumber: row.phone,
});

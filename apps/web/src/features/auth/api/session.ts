// The two auth calls every page may make (logout in the top bar, session validation in the protected
// route). Only their status matters, so they parse nothing: zod and the contract stay in the chunks of
// the screens that need them, not in the shell every phone downloads first.
import { apiRequest } from '../../../lib/api-client';

export const logout = () => apiRequest('/api/Auth/logout', { method: 'POST' });

/** The spec's session validation call: the enrolled-courses list with page size 1. */
export const validateSession = (studentId: number) =>
  apiRequest('/api/Student/Student-Enrolled-Courses', { query: { studentId, pagenumber: 1, pagesize: 1 } });

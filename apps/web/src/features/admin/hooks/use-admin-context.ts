import type { AdminMe } from '@app/contract';
import type { z } from 'zod';
import { useOutletContext } from 'react-router';

/** The signed-in admin and the school's name, as the guard received them from GET /api/Admin/Me. */
export const useAdminContext = () => useOutletContext<z.infer<typeof AdminMe>>();

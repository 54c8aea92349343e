// GET and PUT /api/Admin/Site: the school's name and contact links. Saving also refreshes the
// footer's contact links (the students' Contact/getAll). PUT /api/Admin/Site/QuizGrading: who grades
// quizzes for existing clients.
import { SiteSettingsResponse, type QuizGradingSettings, type SiteSettings } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactQueryOptions } from '../../site/contact';
import { adminKeys } from './keys';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export const useSiteSettings = () =>
  useQuery({
    queryKey: adminKeys.site,
    queryFn: async () => unwrap(await apiRequest('/api/Admin/Site', { schema: SiteSettingsResponse })),
  });

export const useSaveSiteSettings = () =>
  useAdminMutation(
    async (input: SiteSettings) =>
      unwrap(
        await apiRequest('/api/Admin/Site', { method: 'PUT', json: input, schema: SiteSettingsResponse }),
      ),
    () => [adminKeys.site, contactQueryOptions().queryKey, ['admin', 'me']],
  );

export const useSaveQuizGrading = () =>
  useAdminMutation(
    async (input: QuizGradingSettings) =>
      unwrap(
        await apiRequest('/api/Admin/Site/QuizGrading', {
          method: 'PUT',
          json: input,
          schema: SiteSettingsResponse,
        }),
      ),
    () => [adminKeys.site],
  );

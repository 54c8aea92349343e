// A course's question bank (decision 0013): GET /api/Admin/Courses/{id}/Questions (search, topic,
// difficulty, paging) and …/QuestionTopics (counts per topic and difficulty), a question's create or
// update (then its image upload or removal) and delete. Keys under ['admin', 'question-bank', courseId]:
// a change to the questions invalidates that course's list and its topic counts, nothing else.
import {
  BankQuestionPageResponse,
  BankQuestionResponse,
  BankTopicsResponse,
  type BankQuestionInput,
  type Difficulty,
} from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { unwrap } from './unwrap';
import { useAdminMutation } from './use-admin-mutation';

export type BankListParams = {
  search?: string;
  topic?: string;
  difficulty?: Difficulty;
  pageNumber: number;
};

export const bankKeys = {
  course: (courseId: number) => ['admin', 'question-bank', courseId] as const,
  list: (courseId: number, params: BankListParams) =>
    ['admin', 'question-bank', courseId, 'list', params] as const,
  lists: (courseId: number) => ['admin', 'question-bank', courseId, 'list'] as const,
  topics: (courseId: number) => ['admin', 'question-bank', courseId, 'topics'] as const,
};

/** What a change to a course's questions makes stale: its pages and its topic counts. */
export const bankChanged = (courseId: number) => [bankKeys.lists(courseId), bankKeys.topics(courseId)];

export const bankQuestionsQueryOptions = (courseId: number, params: BankListParams) =>
  queryOptions({
    queryKey: bankKeys.list(courseId, params),
    queryFn: async () =>
      unwrap(
        await apiRequest(`/api/Admin/Courses/${courseId}/Questions`, {
          query: params,
          schema: BankQuestionPageResponse,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useBankQuestions = (courseId: number, params: BankListParams) =>
  useQuery(bankQuestionsQueryOptions(courseId, params));

export const bankTopicsQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: bankKeys.topics(courseId),
    queryFn: async () =>
      unwrap(
        await apiRequest(`/api/Admin/Courses/${courseId}/QuestionTopics`, { schema: BankTopicsResponse }),
      ),
  });

export const useBankTopics = (courseId: number) => useQuery(bankTopicsQueryOptions(courseId));

export type SaveBankQuestion = {
  courseId: number;
  /** null: a new question. */
  id: number | null;
  input: BankQuestionInput;
  /** A new picture to upload; `removeImage` drops the stored one instead. */
  image: File | null;
  removeImage: boolean;
};

/** Creates or updates the question, then uploads or removes its image (the question must exist first). */
async function saveBankQuestion({ courseId, id, input, image, removeImage }: SaveBankQuestion) {
  let question = unwrap(
    await apiRequest(
      id === null ? `/api/Admin/Courses/${courseId}/Questions` : `/api/Admin/Questions/${id}`,
      {
        method: id === null ? 'POST' : 'PUT',
        json: input,
        schema: BankQuestionResponse,
      },
    ),
  );
  const imagePath = `/api/Admin/Questions/${question.id}/Image`;
  if (image) {
    const form = new FormData();
    form.set('file', image);
    question = unwrap(await apiRequest(imagePath, { method: 'POST', form, schema: BankQuestionResponse }));
  } else if (removeImage && question.imagePath) {
    question = unwrap(await apiRequest(imagePath, { method: 'DELETE', schema: BankQuestionResponse }));
  }
  return question;
}

export const useSaveBankQuestion = () =>
  useAdminMutation(saveBankQuestion, ({ courseId }) => bankChanged(courseId));

export const useDeleteBankQuestion = (courseId: number) =>
  useAdminMutation(
    (id: number) => apiRequest(`/api/Admin/Questions/${id}`, { method: 'DELETE' }),
    () => bankChanged(courseId),
  );

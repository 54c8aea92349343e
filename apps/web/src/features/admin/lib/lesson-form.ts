// The lesson forms' values and how they become the contract's LessonInput (validated exactly as the
// server will). A quiz question keeps its correct answer as the index of a radio button.
import { ADMIN_LIMITS, LessonInput, type AdminLesson } from '@app/contract';
import { adminMessages } from '../../../i18n/admin';
import { contractResolver } from './contract-resolver';

const t = adminMessages.lessonForm;

export type AttachmentMode = 'none' | 'link' | 'upload';

export type VideoFormValues = {
  name: string;
  titel: string;
  videoUrl: string;
  liveSessionUrl: string;
  attachmentMode: AttachmentMode;
  attachmentUrl: string;
  attachmentTitle: string;
};

export type QuestionValues = { text: string; correct: string; answers: { text: string }[] };
export type QuizFormValues = { name: string; titel: string; questions: QuestionValues[] };

export const newQuestion = (): QuestionValues => ({
  text: '',
  correct: '',
  answers: Array.from({ length: ADMIN_LIMITS.minAnswers }, () => ({ text: '' })),
});

export function videoFormValues(lesson: AdminLesson | null): VideoFormValues {
  return {
    name: lesson?.name ?? '',
    titel: lesson?.titel ?? '',
    videoUrl: lesson?.videoUrl ?? '',
    liveSessionUrl: lesson?.liveSessionUrl ?? '',
    attachmentMode: lesson?.attachmentUrl ? 'link' : lesson?.attachmentFile ? 'upload' : 'none',
    attachmentUrl: lesson?.attachmentUrl ?? '',
    attachmentTitle: lesson?.attachmentTitle ?? '',
  };
}

export function quizFormValues(lesson: AdminLesson | null): QuizFormValues {
  return {
    name: lesson?.name ?? '',
    titel: lesson?.titel ?? '',
    questions: lesson?.questions.length
      ? lesson.questions.map((question) => {
          const correct = question.answers.findIndex((answer) => answer.isCorrect);
          return {
            text: question.text,
            correct: correct < 0 ? '' : String(correct),
            answers: question.answers.map((answer) => ({ text: answer.text })),
          };
        })
      : [newQuestion()],
  };
}

export const toVideoInput = (values: VideoFormValues) => ({
  type: 'Video' as const,
  name: values.name,
  titel: values.titel,
  videoUrl: values.videoUrl,
  liveSessionUrl: values.liveSessionUrl,
  attachmentUrl: values.attachmentMode === 'link' ? values.attachmentUrl : null,
  attachmentTitle: values.attachmentMode === 'none' ? null : values.attachmentTitle,
});

export const toQuizInput = (values: QuizFormValues) => ({
  type: 'Quiz' as const,
  name: values.name,
  titel: values.titel,
  questions: values.questions.map((question) => ({
    text: question.text,
    answers: question.answers.map((answer, index) => ({
      text: answer.text,
      isCorrect: question.correct === String(index),
    })),
  })),
});

const labels = {
  name: t.name,
  titel: t.titel,
  videoUrl: t.videoUrl,
  liveSessionUrl: t.liveSessionUrl,
  attachmentUrl: t.attachmentUrl,
  attachmentTitle: t.attachmentTitle,
  questions: t.questions,
  'questions.text': t.questionText,
  'questions.answers': t.answers,
  'questions.answers.text': t.answerText,
};

export const videoResolver = contractResolver<VideoFormValues, typeof LessonInput>(LessonInput, {
  toInput: toVideoInput,
  labels,
});

/** A rule about a question's answers (how many, which is correct) shows under its correct-answer radios. */
export const quizResolver = contractResolver<QuizFormValues, typeof LessonInput>(LessonInput, {
  toInput: toQuizInput,
  labels,
  fieldOf: (issue) => {
    const [list, index, field] = issue.path;
    return list === 'questions' && field === 'answers' && issue.path.length === 3
      ? `questions.${String(index)}.correct`
      : undefined;
  },
});

export const ATTACHMENT_TYPES =
  '.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.zip,.png,.jpg,.jpeg,application/pdf,application/zip,image/png,image/jpeg';

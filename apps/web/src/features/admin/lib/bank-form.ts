// The bank question form's values (what the inputs hold) and how they become the contract's
// BankQuestionInput, validated exactly as the server will. The correct answer is the index of a radio
// button, as in the quiz form; a rule about the answers (how many, which is correct) shows under them.
import { ADMIN_LIMITS, BankQuestionInput, type BankQuestion, type Difficulty } from '@app/contract';
import { adminMessages } from '../../../i18n/admin';
import { adminBankMessages as t } from '../../../i18n/admin-bank';
import { contractResolver } from './contract-resolver';

export type BankFormValues = {
  text: string;
  correct: string;
  answers: { text: string }[];
  explanation: string;
  difficulty: Difficulty;
  topic: string;
};

export const emptyBankQuestion = (): BankFormValues => ({
  text: '',
  correct: '',
  answers: Array.from({ length: ADMIN_LIMITS.minAnswers }, () => ({ text: '' })),
  explanation: '',
  difficulty: 'medium',
  topic: '',
});

export function bankFormValues(question: BankQuestion): BankFormValues {
  const correct = question.answers.findIndex((answer) => answer.isCorrect);
  return {
    text: question.text,
    correct: correct < 0 ? '' : String(correct),
    answers: question.answers.map((answer) => ({ text: answer.text })),
    explanation: question.explanation ?? '',
    difficulty: question.difficulty,
    topic: question.topic,
  };
}

export const toBankInput = (values: BankFormValues) => ({
  text: values.text,
  answers: values.answers.map((answer, index) => ({
    text: answer.text,
    isCorrect: values.correct === String(index),
  })),
  explanation: values.explanation,
  difficulty: values.difficulty,
  topic: values.topic,
});

export const bankResolver = contractResolver<BankFormValues, typeof BankQuestionInput>(BankQuestionInput, {
  toInput: toBankInput,
  labels: {
    text: t.questionText,
    answers: adminMessages.lessonForm.answers,
    'answers.text': adminMessages.lessonForm.answerText,
    explanation: t.explanation,
    difficulty: t.difficulty,
    topic: t.topic,
  },
  fieldOf: (issue) => (issue.path.length === 1 && issue.path[0] === 'answers' ? 'correct' : undefined),
});

// The «إعدادات الاختبار» form's values and how they become the contract's QuizSettingsInput (validated
// exactly as the server will). Numbers are typed as text (empty: none), a draw rule's topic is a
// select value ('any', or 't:' and the topic, since '' is the topic of untagged questions), and the
// opening and closing times are datetime-local values in the device's time zone, sent as ISO instants.
import {
  DIFFICULTIES,
  QuizSettingsInput,
  type BankTopic,
  type Difficulty,
  type QuizSettings,
} from '@app/contract';
import { availableFor, type PoolQuestion } from '@app/domain';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { contractResolver } from './contract-resolver';

const t = adminExamMessages.settings;
const v = adminExamMessages.validation;

export const ANY_TOPIC = 'any';
export const topicValue = (topic: string | null) => (topic === null ? ANY_TOPIC : `t:${topic}`);
const topicOf = (value: string) => (value === ANY_TOPIC ? null : value.slice(2));

export type DrawRuleValues = { topic: string; difficulty: '' | Difficulty; count: string };
export type QuizSettingsValues = {
  source: QuizSettings['source'];
  draw: DrawRuleValues[];
  timeLimitMinutes: string;
  passMark: string;
  attemptsAllowed: string;
  counts: QuizSettings['counts'];
  review: QuizSettings['review'];
  showExplanations: boolean;
  opensAt: string;
  closesAt: string;
};

export const newDrawRule = (): DrawRuleValues => ({ topic: ANY_TOPIC, difficulty: '', count: '' });

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local value in the device's time zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; text that is no date stays as it is, for the contract to refuse. */
function toInstant(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

const whole = (value: string) => (value.trim() === '' ? null : Number(value));

export function quizSettingsValues(settings: QuizSettings): QuizSettingsValues {
  return {
    source: settings.source,
    draw: settings.draw.length
      ? settings.draw.map((rule) => ({
          topic: topicValue(rule.topic),
          difficulty: rule.difficulty ?? '',
          count: String(rule.count),
        }))
      : [newDrawRule()],
    timeLimitMinutes: settings.timeLimitMinutes === null ? '' : String(settings.timeLimitMinutes),
    passMark: settings.passMark === null ? '' : String(settings.passMark),
    attemptsAllowed: String(settings.attemptsAllowed),
    counts: settings.counts,
    review: settings.review,
    showExplanations: settings.showExplanations,
    opensAt: toLocalInput(settings.opensAt),
    closesAt: toLocalInput(settings.closesAt),
  };
}

/** The draw rules are sent only for a bank-drawn quiz; a fixed one keeps none. */
export const toQuizSettingsInput = (values: QuizSettingsValues): QuizSettingsInput => ({
  source: values.source,
  draw:
    values.source === 'bank'
      ? values.draw.map((rule) => ({
          topic: topicOf(rule.topic),
          difficulty: rule.difficulty || null,
          count: Number(rule.count.trim() === '' ? Number.NaN : rule.count),
        }))
      : [],
  timeLimitMinutes: whole(values.timeLimitMinutes),
  passMark: whole(values.passMark),
  attemptsAllowed: Number(values.attemptsAllowed.trim() === '' ? Number.NaN : values.attemptsAllowed),
  // One attempt has nothing to choose between: the best and the last are the same.
  counts: Number(values.attemptsAllowed) > 1 ? values.counts : 'best',
  review: values.review,
  showExplanations: values.showExplanations,
  opensAt: toInstant(values.opensAt),
  closesAt: toInstant(values.closesAt),
});

/** A rule's count as typed, or 0 while it is no whole number above zero. */
const countOf = (rule: DrawRuleValues) => {
  const count = Number(rule.count);
  return Number.isInteger(count) && count > 0 ? count : 0;
};

export const drawTotal = (rules: readonly DrawRuleValues[]) =>
  rules.reduce((sum, rule) => sum + countOf(rule), 0);

/** The bank as the draw sees it, one entry per question, rebuilt from the topic counts. */
export function poolOf(topics: readonly BankTopic[]): PoolQuestion[] {
  const pool: PoolQuestion[] = [];
  for (const entry of topics)
    for (const difficulty of DIFFICULTIES)
      for (let i = 0; i < entry[difficulty]; i++)
        pool.push({ id: pool.length, topic: entry.topic, difficulty, answerCount: 0 });
  return pool;
}

/**
 * How many questions each rule is sure to find after the rules before it took theirs: the domain's
 * availableFor, the very count the server checks a save against.
 */
export const rulesAvailable = (pool: readonly PoolQuestion[], rules: readonly DrawRuleValues[]) =>
  availableFor(
    pool,
    rules.map((rule) => ({
      topic: topicOf(rule.topic),
      difficulty: rule.difficulty || null,
      count: countOf(rule),
    })),
  );

type Shown = { type?: unknown; message?: unknown };
type ErrorTree = Partial<Record<string, Shown & { root?: Shown } & Record<string, unknown>>>;

const NUMBERS: Record<string, string> = {
  timeLimitMinutes: v.timeLimit,
  passMark: v.passMark,
  attemptsAllowed: v.attempts,
};

/**
 * Every number here has its range said whole and the two refinements say what they check, where the
 * shared resolver's templates would speak of characters: its errors are told again by field and code.
 */
function retell(errors: ErrorTree) {
  for (const [field, message] of Object.entries(NUMBERS)) {
    const error = errors[field];
    if (error) error.message = message;
  }
  for (const field of ['opensAt', 'closesAt']) {
    const error = errors[field];
    if (error) error.message = error.type === 'custom' ? v.closesAfterOpens : v.dateTime;
  }
  const draw = errors.draw;
  if (!draw) return;
  for (const list of [draw, draw.root])
    if (list?.message) list.message = list.type === 'too_big' ? v.rulesMax : v.rulesMin;
  for (const rule of Object.values(draw)) {
    const count = (rule as { count?: Shown } | undefined)?.count;
    if (count) count.message = v.count;
  }
}

const resolver = contractResolver<QuizSettingsValues, typeof QuizSettingsInput>(QuizSettingsInput, {
  toInput: toQuizSettingsInput,
  labels: { source: t.source, counts: t.counts, review: t.review },
});

export const quizSettingsResolver: typeof resolver = async (values, context, options) => {
  const result = await resolver(values, context, options);
  retell(result.errors);
  return result;
};

/** The server's refusal of a rule the bank cannot fill ('Draw rule 2 asks for 9 questions; the bank has 4 …'). */
export function refusedRule(message: string): { index: number; available: number } | null {
  const match = /^Draw rule (\d+) asks for \d+ questions?; the bank has (\d+)/.exec(message);
  return match ? { index: Number(match[1]) - 1, available: Number(match[2]) } : null;
}

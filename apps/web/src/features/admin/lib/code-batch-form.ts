// The code-batch form's values and how they become the contract's CodeBatchInput. The contract's
// rule 'an enrolment batch needs a course, a unit batch a unit' is shown at the select it concerns.
import { CodeBatchInput } from '@app/contract';
import { toAsciiDigits } from '@app/domain';
import { adminMessages } from '../../../i18n/admin';
import { contractResolver } from './contract-resolver';

const t = adminMessages.codes;

export type CodeBatchFormValues = {
  kind: 'enrollment' | 'unit';
  courseId: string;
  unitId: string;
  count: string;
  label: string;
};

export const EMPTY_BATCH: CodeBatchFormValues = {
  kind: 'enrollment',
  courseId: '',
  unitId: '',
  count: '',
  label: '',
};

const id = (value: string) => (value ? Number(value) : undefined);

export const toBatchInput = (values: CodeBatchFormValues) => {
  const count = toAsciiDigits(values.count).trim();
  return {
    kind: values.kind,
    courseId: id(values.courseId),
    unitId: values.kind === 'unit' ? id(values.unitId) : undefined,
    count: count === '' ? undefined : Number(count),
    label: values.label,
  };
};

export const batchResolver = contractResolver<CodeBatchFormValues, typeof CodeBatchInput>(CodeBatchInput, {
  toInput: toBatchInput,
  labels: { kind: t.kind, courseId: t.course, unitId: t.unit, count: t.count, label: t.label },
  fieldOf: (issue, values) =>
    issue.path[0] === 'kind'
      ? values.kind === 'unit' && values.courseId
        ? 'unitId'
        : 'courseId'
      : undefined,
});

// A course's «بنك الأسئلة» (decision 0013): search, topic and difficulty filters and the page in the
// URL; a new question and each edit open the question form in a dialog; import from a file in another
// dialog; export as CSV or Excel. A question an attempt drew keeps its answers (the form says why).
import type { AdminCourseDetail, BankQuestion, Difficulty } from '@app/contract';
import { DIFFICULTIES } from '@app/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { adminBankMessages as t } from '../../../i18n/admin-bank';
import { NotFoundContent } from '../../catalogue/components/not-found-content';
import { useAdminCourse } from '../api/course';
import { useBankQuestions, useBankTopics } from '../api/question-bank';
import { exportBank } from '../api/question-bank-file';
import { BackLink } from '../components/back-link';
import { BankFilters } from '../components/bank-filters';
import { BankImport } from '../components/bank-import';
import { BankQuestionForm } from '../components/bank-question-form';
import { BankQuestionRow } from '../components/bank-question-row';
import { DownloadButton } from '../components/download-button';
import { PageHeader } from '../components/page-header';
import { PagedTable } from '../components/paged-table';
import { QueryState } from '../components/query-state';
import { useIdParam } from '../hooks/use-id-param';
import { useListParams } from '../hooks/use-list-params';

export function Component() {
  const id = useIdParam('courseId');
  return id === null ? <NotFoundContent /> : <BankLoader id={id} />;
}

function BankLoader({ id }: { id: number }) {
  const query = useAdminCourse(id);
  return <QueryState query={query}>{(course) => <QuestionBank course={course} />}</QueryState>;
}

const asDifficulty = (value: string | undefined) =>
  DIFFICULTIES.find((difficulty) => difficulty === value) satisfies Difficulty | undefined;

function QuestionBank({ course }: { course: AdminCourseDetail }) {
  const list = useListParams();
  const [notice, setNotice] = useState<string | null>(null);
  /** The question the form edits; null: a new one; undefined: closed. */
  const [editing, setEditing] = useState<BankQuestion | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const topic = list.get('topic');
  const difficulty = asDifficulty(list.get('difficulty'));
  const topics = useBankTopics(course.id);
  const query = useBankQuestions(course.id, {
    search: list.search,
    topic,
    difficulty,
    pageNumber: list.page,
  });
  const topicNames = (topics.data ?? []).map((entry) => entry.topic).filter(Boolean);

  return (
    <>
      <PageHeader
        title={t.titleOf(course.name)}
        subtitle={t.subtitle}
        before={<BackLink to={paths.adminCourse.getHref(course.id)}>{t.back}</BackLink>}
        actions={
          <>
            <Button onClick={() => setEditing(null)}>{t.newQuestion}</Button>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              {t.import}
            </Button>
            <DownloadButton label={t.exportCsv} download={() => exportBank(course.id, 'csv')} />
            <DownloadButton label={t.exportExcel} download={() => exportBank(course.id, 'xlsx')} />
          </>
        }
      />
      <BankFilters list={list} topics={topics.data ?? []} />
      {notice ? (
        <div className="mb-4">
          <Alert tone="info">{notice}</Alert>
        </div>
      ) : null}
      <PagedTable
        query={query}
        list={{ ...list, filtered: list.filtered || Boolean(topic ?? difficulty) }}
        rows={(page) => page.questions}
        empty={t.empty}
        label={adminMessages.common.tableLabel(t.title)}
        head={[t.question, t.topic, t.difficulty, t.correctAnswer, adminMessages.common.actions]}
      >
        {(question) => (
          <BankQuestionRow
            key={question.id}
            question={question}
            onEdit={() => setEditing(question)}
            onDeleted={() => setNotice(t.deleted)}
          />
        )}
      </PagedTable>
      <Dialog
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t.editTitle : t.newTitle}
        closeLabel={adminMessages.common.close}
      >
        {/* Keyed so each opening starts from the question's current values. */}
        <BankQuestionForm
          key={editing === undefined ? 'closed' : (editing?.id ?? 'new')}
          courseId={course.id}
          question={editing ?? null}
          topics={topicNames}
          onSaved={() => {
            setNotice(editing ? t.saved : t.created);
            setEditing(undefined);
          }}
        />
      </Dialog>
      <Dialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t.importTitle}
        closeLabel={adminMessages.common.close}
      >
        <BankImport
          courseId={course.id}
          onImported={(count) => {
            setNotice(t.imported(count));
            setImporting(false);
          }}
        />
      </Dialog>
    </>
  );
}

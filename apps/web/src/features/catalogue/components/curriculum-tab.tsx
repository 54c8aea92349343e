import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { catalogueMessages } from '../../../i18n/catalogue';
import { useCourseTree } from '../api/get-course-tree';
import { Curriculum } from './curriculum';

const t = catalogueMessages.courseDetail;

export function CurriculumTab({ courseId }: { courseId: number }) {
  const tree = useCourseTree(courseId);
  return (
    <section>
      <h2 className="mb-4 text-xl font-extrabold text-slate-900">{t.curriculumTitle}</h2>
      {tree.isPending ? (
        <Spinner label={catalogueMessages.common.loading} />
      ) : tree.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p>{t.treeError}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void tree.refetch()}>
            {catalogueMessages.common.retry}
          </Button>
        </div>
      ) : (
        <Curriculum tree={tree.data} />
      )}
    </section>
  );
}

// The course player: the curriculum with availability and locks from the domain rules, the open
// lesson from the URL, the countdown of a time-limited course, and the lesson itself.
import type { CourseWithProgress } from '@app/contract';
import {
  coursePercentComplete,
  nextAvailabilityChange,
  selectionProblem,
  splitCourseName,
  type LessonPosition,
} from '@app/domain';
import { useCallback, useState } from 'react';
import { paths } from '../../../config/paths';
import { playerMessages } from '../../../i18n/player';
import { courseProgressKey } from '../api/course-progress';
import { useCelebration } from '../hooks/use-celebration';
import { useAvailabilityClock } from '../hooks/use-availability-clock';
import { useLessonPosition } from '../hooks/use-lesson-position';
import { useSidebar } from '../hooks/use-sidebar';
import { useVideoCompletion } from '../hooks/use-video-completion';
import { availabilityText } from '../lib/availability-text';
import { readCompletedLessons } from '../lib/completed-lessons';
import { courseOutline, lessonAt, nextPosition, positionNumber, type OutlineUnit } from '../lib/outline';
import { selectionProblemText } from '../lib/selection-text';
import { Celebration } from './celebration';
import { CourseEnd } from './course-end';
import { CountdownBanner } from './countdown-banner';
import { LessonPane } from './lesson-pane';
import { PlayerLayout } from './player-layout';
import { SelectionNotice } from './selection-notice';
import { UnitList } from './unit-list';
import type { CompleteVia } from './video/video-lesson';

const outlineChangesAt = (units: readonly OutlineUnit[]) =>
  nextAvailabilityChange(units.map((unit) => unit.availability));

export function CoursePlayer({ course }: { course: CourseWithProgress }) {
  const [completedIds, setCompletedIds] = useState<ReadonlySet<string>>(() =>
    readCompletedLessons(course.id),
  );
  const [submittedQuizIds, setSubmittedQuizIds] = useState<ReadonlySet<number>>(() => new Set());
  const derive = useCallback(
    (now: Date) => courseOutline(course, { now, local: { completedIds, submittedQuizIds } }),
    [course, completedIds, submittedQuizIds],
  );
  const units = useAvailabilityClock(derive, outlineChangesAt);
  const { position, go, refused } = useLessonPosition(units, 'course');
  const sidebar = useSidebar();
  const { visible: celebrating, celebrate } = useCelebration();
  const [notice, setNotice] = useState<string | null>(() =>
    refused ? selectionProblemText(refused.problem, units[refused.unitIndex]?.availability ?? null) : null,
  );
  // The last lesson is done: the end of the course shows in place, with no page reload.
  const [atEnd, setAtEnd] = useState(false);
  const dismissNotice = useCallback(() => setNotice(null), []);

  const lessons = units.flatMap((unit) => unit.lessons);
  const unit = units[position.unitIndex];
  const lesson = lessonAt(units, position);
  const next = nextPosition(units, position);
  const progressKey = courseProgressKey(course.id);
  const percent = coursePercentComplete(lessons);

  const onCompleted = useCallback(
    (lessonId: number) => setCompletedIds((ids) => new Set(ids).add(String(lessonId))),
    [],
  );
  const { complete: completeVideo, cancelPending } = useVideoCompletion({
    courseId: course.id,
    progressKeys: [progressKey],
    celebrate,
    onCompleted,
  });

  const select = (pos: LessonPosition) => {
    const problem = selectionProblem(units, pos);
    if (problem) {
      setNotice(selectionProblemText(problem, units[pos.unitIndex]?.availability ?? null));
      return;
    }
    setNotice(null);
    setAtEnd(false);
    cancelPending();
    go(pos);
    sidebar.closeIfDrawer();
  };

  const onCompleteVideo = (lessonId: number, via: CompleteVia) =>
    completeVideo(lessonId, via, () => {
      if (next) select(next);
      else setAtEnd(true);
    });

  const mainContent = () => {
    if (!lesson || !unit) {
      return (
        <p className="rounded-xl bg-white p-6 text-center text-slate-700">
          {units.length === 0 ? playerMessages.selection.noUnits : playerMessages.selection.noLessons}
        </p>
      );
    }
    if (atEnd)
      return <CourseEnd percent={percent} onCurriculum={sidebar.show} onAgain={() => setAtEnd(false)} />;
    if (!unit.accessible) {
      return (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-6 text-center font-semibold text-red-900"
        >
          {availabilityText(unit.availability).text}
        </p>
      );
    }
    return (
      <LessonPane
        key={lesson.id}
        lesson={lesson}
        mode="player"
        hasNext={next !== null}
        hasLaterInUnit={position.lessonIndex < unit.lessons.length - 1}
        progressKey={progressKey}
        onCompleteVideo={onCompleteVideo}
        onQuizSubmitted={(lessonId) => setSubmittedQuizIds((ids) => new Set(ids).add(lessonId))}
        onQuizFinish={() => (next ? select(next) : sidebar.show())}
        onOpenCurriculum={sidebar.show}
      />
    );
  };

  const current = positionNumber(units, position);
  return (
    <PlayerLayout
      backHref={paths.enrolledCourses.getHref()}
      backLabel={playerMessages.topBar.backToCourses}
      title={splitCourseName(course.courseName).displayName}
      position={current > 0 ? playerMessages.topBar.position(current, lessons.length) : null}
      positionLabel={current > 0 ? playerMessages.topBar.positionLabel(current, lessons.length) : undefined}
      percent={percent}
      sidebarId="course-curriculum"
      sidebar={sidebar}
      overlays={
        <>
          <SelectionNotice message={notice} onDismiss={dismissNotice} />
          <Celebration visible={celebrating} />
        </>
      }
      sidebarTitle={playerMessages.sidebar.title}
      sidebarContent={
        <UnitList
          units={units}
          position={position}
          onSelect={select}
          onLockedUnit={(unitIndex) =>
            setNotice(selectionProblemText('unit-unavailable', units[unitIndex]?.availability ?? null))
          }
        />
      }
    >
      {!course.isOpenToAll && unit?.availability.state === 'open' ? (
        <CountdownBanner endsAt={unit.availability.endsAt} />
      ) : null}
      {mainContent()}
    </PlayerLayout>
  );
}

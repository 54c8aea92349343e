// The unit viewer: one unit unlocked by a code, its window counted from the redemption date, every
// lesson after an unsubmitted quiz locked, and the more opaque watermark.
import type { UnitWithProgress } from '@app/contract';
import {
  availabilityChangesAt,
  isUnitAccessible,
  lockedFlags,
  selectionProblem,
  unitCodeAvailability,
  type LessonPosition,
} from '@app/domain';
import { useCallback, useMemo, useState } from 'react';
import { paths } from '../../../config/paths';
import { playerMessages } from '../../../i18n/player';
import { ContactSupervisorLink } from '../../enrolments/components/contact-supervisor-link';
import { UnitCodeBox } from '../../unit-codes/components/unit-code-box';
import { unitProgressKey } from '../api/unit-progress';
import { useCelebration } from '../hooks/use-celebration';
import { useAvailabilityClock } from '../hooks/use-availability-clock';
import { useLessonPosition } from '../hooks/use-lesson-position';
import { useSidebar } from '../hooks/use-sidebar';
import { useVideoCompletion } from '../hooks/use-video-completion';
import { TONE_CLASS, availabilityText, closedReason } from '../lib/availability-text';
import { lessonAt, nextPosition, withLocalProgress } from '../lib/outline';
import { selectionProblemText } from '../lib/selection-text';
import { Celebration } from './celebration';
import { LessonList } from './lesson-list';
import { LessonPane } from './lesson-pane';
import { PlayerLayout } from './player-layout';
import { SelectionNotice } from './selection-notice';
import { UnavailableScreen } from './unavailable-screen';
import type { CompleteVia } from './video/video-lesson';

const t = playerMessages.unitUnavailable;

export function UnitViewer({ unit, reload }: { unit: UnitWithProgress; reload: () => void }) {
  const derive = useCallback(
    (now: Date) =>
      unitCodeAvailability({
        now,
        redeemedAt: unit.enrollmentDate ? new Date(unit.enrollmentDate) : null,
        timeZone: unit.timeZone,
      }),
    [unit.enrollmentDate, unit.timeZone],
  );
  const availability = useAvailabilityClock(derive, availabilityChangesAt);
  const [completedIds, setCompletedIds] = useState<ReadonlySet<string>>(() => new Set());
  const [submittedQuizIds, setSubmittedQuizIds] = useState<ReadonlySet<number>>(() => new Set());
  const units = useMemo(
    () => [
      {
        accessible: isUnitAccessible(availability),
        lessons: unit.lessons.map((lesson) => withLocalProgress(lesson, { completedIds, submittedQuizIds })),
      },
    ],
    [availability, unit.lessons, completedIds, submittedQuizIds],
  );
  const accessible = units[0]!.accessible;
  const { position, go, refused } = useLessonPosition(units, 'unit');
  const sidebar = useSidebar();
  const { visible: celebrating, celebrate } = useCelebration();
  const [notice, setNotice] = useState<string | null>(() =>
    refused ? selectionProblemText(refused.problem, availability) : null,
  );
  const dismissNotice = useCallback(() => setNotice(null), []);
  const onCompleted = useCallback(
    (lessonId: number) => setCompletedIds((ids) => new Set(ids).add(String(lessonId))),
    [],
  );
  const progressKey = unitProgressKey(unit.id);
  const { complete: completeVideo, cancelPending } = useVideoCompletion({
    courseId: null,
    // The same lesson may also be shown in the course player of an enrolled student.
    progressKeys: [progressKey, ['course-progress']],
    celebrate,
    onCompleted,
  });

  if (!accessible) {
    // Why, and what helps: a new code for this lecture, or the supervisor on WhatsApp.
    return (
      <UnavailableScreen
        title={t.title}
        body={closedReason(availability, unit.timeZone)}
        actionHref={paths.myLectures.getHref()}
        actionLabel={t.back}
      >
        <p className="mb-3 text-center text-slate-700">{playerMessages.unitClosed.help}</p>
        <ContactSupervisorLink
          courseName={unit.courseName}
          label={playerMessages.unitClosed.contactSupervisor}
          className="mb-4 w-full"
        />
        <UnitCodeBox isAuthenticated />
      </UnavailableScreen>
    );
  }

  const lessons = units[0]!.lessons;
  const lesson = lessonAt(units, position);
  const next = nextPosition(units, position);
  const status = availabilityText(availability);

  const select = (pos: LessonPosition) => {
    const problem = selectionProblem(units, pos);
    if (problem) {
      setNotice(selectionProblemText(problem, availability));
      return;
    }
    setNotice(null);
    cancelPending();
    go(pos);
    sidebar.closeIfDrawer();
  };

  const onCompleteVideo = (lessonId: number, via: CompleteVia) =>
    completeVideo(lessonId, via, () => {
      if (next) select(next);
      else if (via === 'enjoyed') reload();
    });

  return (
    <PlayerLayout
      backHref={paths.myLectures.getHref()}
      backLabel={playerMessages.topBar.backToLectures}
      title={lesson ? `${unit.unitName} - ${lesson.lessonName}` : unit.unitName}
      position={lesson ? playerMessages.topBar.positionLabel(position.lessonIndex + 1, lessons.length) : null}
      percent={null}
      sidebarId="unit-lessons"
      sidebar={sidebar}
      overlays={
        <>
          <SelectionNotice message={notice} onDismiss={dismissNotice} />
          <Celebration visible={celebrating} />
        </>
      }
      sidebarTitle={unit.unitName}
      sidebarContent={
        <div className="p-2">
          <p className={`px-2 pb-2 text-sm font-semibold ${TONE_CLASS[status.tone]}`}>{status.text}</p>
          <LessonList
            lessons={lessons}
            locked={lockedFlags(lessons)}
            currentIndex={lesson ? position.lessonIndex : null}
            marks="viewer"
            onSelect={(lessonIndex) => select({ unitIndex: 0, lessonIndex })}
          />
        </div>
      }
    >
      {lesson ? (
        <LessonPane
          key={lesson.id}
          lesson={lesson}
          mode="viewer"
          hasNext={next !== null}
          hasLaterInUnit={position.lessonIndex < lessons.length - 1}
          progressKey={progressKey}
          onCompleteVideo={onCompleteVideo}
          onQuizSubmitted={(lessonId) => setSubmittedQuizIds((ids) => new Set(ids).add(lessonId))}
          onQuizFinish={() => (next ? select(next) : sidebar.show())}
          onOpenCurriculum={sidebar.show}
        />
      ) : (
        <p className="rounded-xl bg-white p-6 text-center text-slate-700">
          {playerMessages.selection.noLessons}
        </p>
      )}
    </PlayerLayout>
  );
}

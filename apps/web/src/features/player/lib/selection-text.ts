// The spec's Arabic reasons for refusing a lesson selection.
import type { SelectionProblem, UnitAvailability } from '@app/domain';
import { playerMessages } from '../../../i18n/player';
import { availabilityText } from './availability-text';

export function selectionProblemText(
  problem: SelectionProblem,
  availability: UnitAvailability | null,
): string {
  switch (problem) {
    case 'out-of-range':
      return playerMessages.selection.lessonUnavailable;
    case 'previous-quiz':
      return playerMessages.selection.previousQuiz;
    case 'unit-unavailable':
      return availability ? availabilityText(availability).text : playerMessages.selection.lessonUnavailable;
  }
}

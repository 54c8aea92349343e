// The option lists the catalogue's admin forms and list filters share: every grade, and a list's
// status filter. One place, so the grades read the same in every select.
import { ALL_GRADES, gradeLabelAr } from '@app/domain';
import type { ListParams } from '../hooks/use-list-params';

/** An empty first option (`empty`: "choose a grade" in a form, "all grades" in a filter), then each grade. */
export function GradeOptions({ empty }: { empty: string }) {
  return (
    <>
      <option value="">{empty}</option>
      {ALL_GRADES.map((grade) => (
        <option key={grade} value={grade}>
          {gradeLabelAr(grade)}
        </option>
      ))}
    </>
  );
}

/** A list filter's status choice: all, active or inactive (the `active` URL parameter). */
export function StatusOptions({
  texts,
}: {
  texts: { allStatuses: string; active: string; inactive: string };
}) {
  return (
    <>
      <option value="">{texts.allStatuses}</option>
      <option value="true">{texts.active}</option>
      <option value="false">{texts.inactive}</option>
    </>
  );
}

/** A filter select bound to the list's URL parameter `name`: a choice applies at once. */
export function filterSelect(list: ListParams, name: string) {
  return {
    value: list.get(name) ?? '',
    onChange: (event: { target: { value: string } }) => list.update({ [name]: event.target.value }),
  };
}

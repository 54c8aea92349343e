// The search box of a list screen: a labelled search input with a submit button, written to the
// URL's `search` on submit (Enter or the button), plus any filters passed as children.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { ADMIN_LIMITS } from '@app/contract';
import type { ListParams } from '../hooks/use-list-params';

export function SearchForm({
  label,
  name,
  list,
  children,
}: {
  label: string;
  /** The form's accessible name. */
  name: string;
  list: ListParams;
  children?: ReactNode;
}) {
  const [value, setValue] = useState(list.search ?? '');
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    list.update({ search: value.trim() });
  }
  return (
    <form
      role="search"
      aria-label={name}
      onSubmit={submit}
      className="mb-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <div className="sm:col-span-2">
        <TextField
          id={id}
          type="search"
          label={label}
          value={value}
          maxLength={ADMIN_LIMITS.search}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      {children}
      <Button type="submit" className="self-end sm:justify-self-start">
        {adminMessages.common.search}
      </Button>
    </form>
  );
}

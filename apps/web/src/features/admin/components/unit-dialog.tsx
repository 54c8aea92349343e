// Add or rename a unit, in a dialog: name (required) and an optional title, validated with the
// contract's UnitInput.
import { UnitInput, type AdminUnit } from '@app/contract';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { useSaveUnit } from '../api/units';
import { contractResolver } from '../lib/contract-resolver';
import { FormError, SubmitButton } from './form-parts';

const t = adminMessages.editor;

type UnitFormValues = { name: string; title: string };

const resolver = contractResolver<UnitFormValues, typeof UnitInput>(UnitInput, {
  toInput: (values) => values,
  labels: { name: t.unitName, title: t.unitTitle },
});

export function UnitDialog({
  courseId,
  unit,
  open,
  onClose,
}: {
  courseId: number;
  /** null: a new unit. */
  unit: AdminUnit | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={unit ? t.editUnit : t.newUnit}
      closeLabel={adminMessages.common.close}
    >
      {/* Keyed so each opening starts from the unit's current values. */}
      <UnitForm
        key={`${unit?.id ?? 'new'}-${String(open)}`}
        courseId={courseId}
        unit={unit}
        onDone={onClose}
      />
    </Dialog>
  );
}

function UnitForm({
  courseId,
  unit,
  onDone,
}: {
  courseId: number;
  unit: AdminUnit | null;
  onDone: () => void;
}) {
  const form = useForm({ resolver, defaultValues: { name: unit?.name ?? '', title: unit?.title ?? '' } });
  const { errors } = form.formState;
  const mutation = useSaveUnit();
  const submit = form.handleSubmit((input) =>
    mutation.mutate({ courseId, unitId: unit?.id ?? null, input }, { onSuccess: onDone }),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <FormError error={mutation.error} />
      <TextField
        label={t.unitName}
        data-autofocus=""
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField label={t.unitTitle} error={errors.title?.message} {...form.register('title')} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={mutation.isPending} />
        <Button variant="secondary" onClick={onDone}>
          {adminMessages.common.cancel}
        </Button>
      </div>
    </form>
  );
}

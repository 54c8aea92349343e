// A whole number typed into an admin form: a number input that opens the phone's digit keyboard.
import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/field';

export function WholeNumberField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />;
}

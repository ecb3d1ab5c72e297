import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { NativeSelect, TextInput, Textarea } from '@mantine/core';
import { SHIPMENT_STATUSES, type JobAdd, type PlainBody } from '@freight/contracts';
import { READ_ONLY_INPUT } from '@freight/web-kit';
// Its own entry: a host that never shows a picker does not load Mantine's Combobox (docs/adr/0041).
import { ReferencePicker } from '@freight/web-kit/reference-picker';
import { REFERENCES, type Reference } from './job-data.js';

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
}

/** A choice of a fixed list (the shipment status); the current value stays offered even when the list lacks it. */
export function SelectField<T extends FieldValues>({ control, name, label, required = true, options }: FieldProps<T> & { options: readonly string[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const values = field.value && !options.includes(field.value) ? [field.value as string, ...options] : options;
        return (
          <NativeSelect
            label={label}
            required={required}
            data={[{ value: '', label: `Select ${label}`, disabled: true }, ...values.map((value) => ({ value, label: value }))]}
            {...field}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}

/** A reference (consignee, origin, user, ...): the kit's picker over its list call, showing the saved name. */
export function PickerField<T extends FieldValues>({ control, name, label, required = true, reference }: FieldProps<T> & { reference: Reference }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ReferencePicker
          {...REFERENCES[reference]}
          label={label}
          required={required}
          clearable={!required}
          name={field.name}
          value={(field.value as string | null) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A text, date or multi-line input; `readOnly` shows a value the user cannot change. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required = true,
  type = 'text',
  readOnly,
}: FieldProps<T> & { type?: 'text' | 'date' | 'textarea'; readOnly?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const props = {
          label,
          required,
          ...field,
          value: (field.value as string | null) ?? '',
          error: fieldState.error?.message,
          ...(readOnly && READ_ONLY_INPUT),
        };
        return type === 'textarea' ? <Textarea autosize minRows={2} {...props} /> : <TextInput type={type} {...props} />;
      }}
    />
  );
}

/** The shipment's names and status, as the add and edit forms choose them. */
type ShipmentChoice = Pick<PlainBody<JobAdd>, 'consigneeName' | 'originPort' | 'typeOfShipment' | 'termOfShipment' | 'status'>;

/** Consignee, origin port, type, term and status: the fields the add and edit job forms share. */
export function ShipmentChoices<T extends ShipmentChoice>({ control }: { control: Control<T> }) {
  const choices = control as Control<ShipmentChoice>;
  return (
    <>
      <PickerField control={choices} name="consigneeName" label="Consignee Name" reference="consignee" />
      <PickerField control={choices} name="originPort" label="Origin Port" reference="origin" />
      <PickerField control={choices} name="typeOfShipment" label="Type of Shipment" reference="type" />
      <PickerField control={choices} name="termOfShipment" label="Term of Shipment" reference="term" />
      <SelectField control={choices} name="status" label="Shipment Status" options={SHIPMENT_STATUSES} />
    </>
  );
}

import { type ApplicationFormInput, latestTodayAnywhere, MAX_UPLOAD_BYTES } from '@acres/contracts';
import type { ReactNode } from 'react';
import type { FieldControlProps } from '@/components/form/schema-form';
import { UploadButton } from '@/components/uploader';
import { toast } from '@/components/ui/use-toast';
import { GENDER_LABELS, MARITAL_STATUS_LABELS, toOptions } from '../application-labels';
import { FieldList, type FieldSpec } from '@/components/form/form-parts';

const genderOptions = toOptions(GENDER_LABELS);
const maritalOptions = toOptions(MARITAL_STATUS_LABELS);

const personalFields = (): readonly FieldSpec<ApplicationFormInput>[] => [
  { name: 'surname', label: 'Surname', required: true, inputProps: { autoComplete: 'family-name' } },
  { name: 'firstName', label: 'First name', required: true, inputProps: { autoComplete: 'given-name' } },
  { name: 'otherName', label: 'Other name(s)', inputProps: { autoComplete: 'additional-name' } },
  {
    name: 'dateOfBirth',
    label: 'Date of birth',
    required: true,
    inputProps: { type: 'date', autoComplete: 'bday', max: latestTodayAnywhere() },
  },
  {
    kind: 'select',
    name: 'gender',
    label: 'Gender',
    required: true,
    options: genderOptions,
    controlProps: { placeholder: 'Select gender' },
  },
  {
    kind: 'select',
    name: 'maritalStatus',
    label: 'Marital status',
    required: true,
    options: maritalOptions,
    controlProps: { placeholder: 'Select marital status' },
  },
  {
    name: 'email',
    label: 'Email address',
    required: true,
    inputProps: { type: 'email', autoComplete: 'email', inputMode: 'email', spellCheck: false },
  },
  {
    name: 'phoneNumber',
    label: 'Phone number',
    required: true,
    inputProps: { type: 'tel', autoComplete: 'tel', placeholder: '+234 801 234 5678' },
  },
  { name: 'nationality', label: 'Nationality', required: true, inputProps: { placeholder: 'e.g. Nigerian' } },
  { name: 'city', label: 'City', required: true, inputProps: { autoComplete: 'address-level2' } },
  {
    kind: 'textarea',
    name: 'residentialAddress',
    label: 'Residential address',
    required: true,
    className: 'sm:col-span-2',
    controlProps: { rows: 2, autoComplete: 'street-address' },
  },
  { name: 'occupation', label: 'Occupation', required: true, inputProps: { autoComplete: 'organization-title' } },
  { name: 'religion', label: 'Religion' },
  { kind: 'textarea', name: 'workAddress', label: 'Work address', className: 'sm:col-span-2', controlProps: { rows: 2 } },
  {
    name: 'passportPhotoUrl',
    label: 'Passport photograph (JPG or PNG, max 5 MB)',
    hint: 'Optional.',
    className: 'sm:col-span-2',
    render: PassportPhotoControl,
    // The test id predates the uploader (application.browser.spec.ts reads it).
    'data-testid': 'passport-photo-placeholder',
  },
];

/** Step 1 (SPEC 3): who is applying. */
export function PersonalInformationStep() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FieldList<ApplicationFormInput> fields={personalFields()} />
    </div>
  );
}

/** SPEC 5 'Passport photo': one JPG or PNG of at most 5 MB. */
export const PASSPORT_PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

export const PHOTO_UPLOADED_TOAST = {
  title: 'Photo Uploaded',
  description: 'Your passport photograph has been uploaded successfully.',
} as const;

/**
 * The modal uploader behind a button; the field holds the object path the server gave
 * the photo ('' when there is none: the photo is optional). Visitors are not signed in:
 * the server ties the upload to this browser's visitor cookie.
 */
function PassportPhotoControl(control: FieldControlProps): ReactNode {
  return (
    <UploadButton
      id={control.id}
      value={typeof control.value === 'string' ? control.value : ''}
      onChange={(objectPath) => {
        control.onChange(objectPath ?? '');
        if (objectPath) toast({ variant: 'success', ...PHOTO_UPLOADED_TOAST });
      }}
      label="Upload passport photograph"
      title="Passport photograph"
      description="A recent, clear photo of your face. Choose it, check it, then press Upload."
      note="One JPG or PNG image, up to 5 MB"
      allowedFileTypes={PASSPORT_PHOTO_TYPES}
      maxFileSize={MAX_UPLOAD_BYTES}
      maxNumberOfFiles={1}
      purpose="passport-photo"
      disabled={control.disabled}
      aria-invalid={control['aria-invalid']}
      aria-describedby={control['aria-describedby']}
      data-testid="passport-photo-upload"
    />
  );
}

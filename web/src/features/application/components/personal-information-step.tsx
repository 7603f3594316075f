import { type ApplicationFormInput, latestTodayAnywhere, MAX_UPLOAD_BYTES } from '@acres/contracts';
import type { ReactNode } from 'react';
import { SelectField, TextareaField } from '@/components/form/fields';
import type { FieldControlProps } from '@/components/form/schema-form';
import { UploadButton } from '@/components/uploader';
import { toast } from '@/components/ui/use-toast';
import { GENDER_LABELS, MARITAL_STATUS_LABELS, toOptions } from '../application-labels';
import { ApplicationField } from './field-controls';

const genderOptions = toOptions(GENDER_LABELS);
const maritalOptions = toOptions(MARITAL_STATUS_LABELS);

/** Step 1 (SPEC 3): who is applying. */
export function PersonalInformationStep() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ApplicationField name="surname" label="Surname" required inputProps={{ autoComplete: 'family-name' }} />
      <ApplicationField name="firstName" label="First name" required inputProps={{ autoComplete: 'given-name' }} />
      <ApplicationField name="otherName" label="Other name(s)" inputProps={{ autoComplete: 'additional-name' }} />
      <ApplicationField
        name="dateOfBirth"
        label="Date of birth"
        required
        inputProps={{ type: 'date', autoComplete: 'bday', max: latestTodayAnywhere() }}
      />
      <SelectField<ApplicationFormInput>
        name="gender"
        label="Gender"
        required
        options={genderOptions}
        controlProps={{ placeholder: 'Select gender' }}
      />
      <SelectField<ApplicationFormInput>
        name="maritalStatus"
        label="Marital status"
        required
        options={maritalOptions}
        controlProps={{ placeholder: 'Select marital status' }}
      />
      <ApplicationField
        name="email"
        label="Email address"
        required
        inputProps={{ type: 'email', autoComplete: 'email', inputMode: 'email', spellCheck: false }}
      />
      <ApplicationField
        name="phoneNumber"
        label="Phone number"
        required
        inputProps={{ type: 'tel', autoComplete: 'tel', placeholder: '+234 801 234 5678' }}
      />
      <ApplicationField name="nationality" label="Nationality" required inputProps={{ placeholder: 'e.g. Nigerian' }} />
      <ApplicationField name="city" label="City" required inputProps={{ autoComplete: 'address-level2' }} />
      <TextareaField<ApplicationFormInput>
        name="residentialAddress"
        label="Residential address"
        required
        className="sm:col-span-2"
        controlProps={{ rows: 2, autoComplete: 'street-address' }}
      />
      <ApplicationField name="occupation" label="Occupation" required inputProps={{ autoComplete: 'organization-title' }} />
      <ApplicationField name="religion" label="Religion" />
      <TextareaField<ApplicationFormInput>
        name="workAddress"
        label="Work address"
        className="sm:col-span-2"
        controlProps={{ rows: 2 }}
      />
      <ApplicationField
        name="passportPhotoUrl"
        label="Passport photograph (JPG or PNG, max 5 MB)"
        hint="Optional."
        className="sm:col-span-2"
        render={PassportPhotoControl}
        // The test id predates the uploader (application.browser.spec.ts reads it).
        data-testid="passport-photo-placeholder"
      />
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

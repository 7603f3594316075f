import { latestTodayAnywhere } from '@acres/contracts';
import { ImageUp } from 'lucide-react';
import { GENDER_LABELS, MARITAL_STATUS_LABELS, toOptions } from '../application-labels';
import { ApplicationField, selectControl, textareaControl } from './field-controls';

const genderControl = selectControl(toOptions(GENDER_LABELS), 'Select gender');
const maritalControl = selectControl(toOptions(MARITAL_STATUS_LABELS), 'Select marital status');

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
      <ApplicationField name="gender" label="Gender" required render={genderControl} />
      <ApplicationField name="maritalStatus" label="Marital status" required render={maritalControl} />
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
      <ApplicationField
        name="residentialAddress"
        label="Residential address"
        required
        className="sm:col-span-2"
        render={textareaControl('street-address')}
      />
      <ApplicationField
        name="occupation"
        label="Occupation"
        required
        inputProps={{ autoComplete: 'organization-title' }}
      />
      <ApplicationField name="religion" label="Religion" />
      <ApplicationField name="workAddress" label="Work address" className="sm:col-span-2" render={textareaControl()} />
      <PassportPhotoPlaceholder />
    </div>
  );
}

// The uploader (SPEC 5 'Passport photo') ships with a later issue; until then the photo
// is optional and the visitor is told so rather than shown a control that does nothing.
function PassportPhotoPlaceholder() {
  return (
    <div
      className="flex items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-600 sm:col-span-2"
      data-testid="passport-photo-placeholder"
    >
      <ImageUp className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
      <p>
        <span className="font-medium text-slate-700">Passport photograph</span> (JPG or PNG, max 5 MB), optional —
        upload available soon.
      </p>
    </div>
  );
}

import { type InviteStaffRequest, InviteStaffRequestSchema } from '@acres/contracts/staff';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '@acres/contracts/staff-roles';
import { FieldList, SubmitButton } from '@/components/form/form-parts';
import { reportSubmitFailure } from '@/components/form/fields';
import { FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { inviteStaff, useRefreshStaff } from '../api/staff-api';

const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** The owner invites a member by email: the invitation link goes to that address. */
export function InviteStaffForm() {
  const authorization = useAdminAuthorization();
  const refresh = useRefreshStaff();
  const form = useSchemaForm(InviteStaffRequestSchema, { email: '', displayName: '', role: 'sales' });
  const pending = form.formState.isSubmitting;

  const onSubmit = async (values: InviteStaffRequest) => {
    if (!authorization) return;
    try {
      await inviteStaff(authorization, values);
      toast({
        variant: 'success',
        title: 'Invitation sent',
        description: `${values.displayName} gets a link at ${values.email}.`,
      });
      form.reset({ email: '', displayName: '', role: values.role });
      await refresh();
    } catch (error) {
      reportSubmitFailure(form, error, 'Invitation not sent', 'Please try again.');
    }
  };

  return (
    <SchemaForm
      form={form}
      onSubmit={onSubmit}
      aria-label="Invite a staff member"
      data-testid="staff-invite-form"
      className="grid gap-4 sm:grid-cols-3 sm:items-start"
    >
      <FieldList<InviteStaffRequest>
        disabled={pending}
        fields={[
          { name: 'displayName', label: 'Name', required: true, inputProps: { autoComplete: 'off' } },
          {
            name: 'email',
            label: 'Email',
            required: true,
            inputProps: { type: 'email', autoComplete: 'off', spellCheck: false },
          },
          {
            kind: 'select',
            name: 'role',
            label: 'Role',
            required: true,
            options: roleOptions,
            controlProps: { 'data-testid': 'staff-invite-role' },
          },
        ]}
      />
      <FormRootError className="sm:col-span-3" />
      <SubmitButton
        pending={pending}
        label="Send invitation"
        pendingLabel="Sending…"
        size="md"
        className="sm:col-span-3 sm:justify-self-start"
        data-testid="staff-invite-submit"
      />
    </SchemaForm>
  );
}

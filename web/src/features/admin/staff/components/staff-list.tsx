import type { StaffMember, StaffRole } from '@acres/contracts/staff';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '@acres/contracts/staff-roles';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { describeError } from '@/lib/problem';
import { changeStaffRole, removeStaff, useRefreshStaff } from '../api/staff-api';
import { useAdminAction } from '@/features/admin/shell/api/use-admin-action';

const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

const STATUS_LABELS: Record<StaffMember['status'], string> = { invited: 'Invited', active: 'Active', removed: 'Removed' };

function statusLine(member: StaffMember) {
  if (member.status === 'invited' && member.invitationExpiresAt)
    return `Invitation open until ${formatDateTime(member.invitationExpiresAt)}`;
  if (member.status === 'active' && member.activeSince) return `Joined ${formatDateTime(member.activeSince)}`;
  return `Invited ${formatDateTime(member.invitedAt)}`;
}

function RemoveDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const refresh = useRefreshStaff();
  const { pending, start: confirm } = useAdminAction({
    run: async (authorization) => {
      await removeStaff(authorization, member.id);
      return { title: 'Staff member removed', description: `${member.displayName} is signed out everywhere.` };
    },
    after: async () => {
      await refresh();
      onClose();
    },
    failed: (error) => ({ title: 'Not removed', description: describeError(error) || 'Please try again.' }),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent preventClose={pending} data-testid="staff-remove-dialog">
        <DialogHeader>
          <DialogTitle>Remove {member.displayName}?</DialogTitle>
          <DialogDescription>
            They are signed out at once and can no longer sign in. Their past actions stay in the Audit log under their name.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={pending} data-testid="staff-remove-confirm">
            {pending ? 'Removing…' : 'Remove'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function MemberRow({ member, self, onRemove }: { member: StaffMember; self: boolean; onRemove: () => void }) {
  const authorization = useAdminAuthorization();
  const refresh = useRefreshStaff();
  const onRole = async (role: string) => {
    if (!authorization || role === member.role) return;
    try {
      await changeStaffRole(authorization, member.id, role as StaffRole);
      toast({
        variant: 'success',
        title: 'Role changed',
        description: `${member.displayName} is now ${STAFF_ROLE_LABELS[role as StaffRole]}.`,
      });
      await refresh();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Role not changed', description: describeError(error) || 'Please try again.' });
    }
  };
  const removed = member.status === 'removed';
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="staff-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <span className="break-words">{member.displayName}</span>
          <Badge variant={removed ? 'outline' : member.status === 'active' ? 'success' : 'gold'}>
            {STATUS_LABELS[member.status]}
          </Badge>
        </p>
        <p className="text-sm break-all text-slate-600">{member.email}</p>
        <p className="text-xs text-slate-500">{statusLine(member)}</p>
      </div>
      {removed ? (
        <p className="text-sm text-slate-600">{STAFF_ROLE_LABELS[member.role]}</p>
      ) : (
        <div className="flex items-center gap-2">
          <Select
            options={roleOptions}
            value={member.role}
            onValueChange={(role) => void onRole(role)}
            aria-label={`Role of ${member.displayName}`}
            className="w-40"
            data-testid="staff-role"
          />
          <Button variant="outline" size="sm" onClick={onRemove} disabled={self} data-testid="staff-remove">
            <UserMinus aria-hidden="true" />
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

/** The members, each with their role to change and a Remove that asks first. */
export function StaffList({ staff, selfId }: { staff: readonly StaffMember[]; selfId: string | null }) {
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  return (
    <>
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Staff members">
        {staff.map((member) => (
          <MemberRow key={member.id} member={member} self={member.id === selfId} onRemove={() => setRemoving(member)} />
        ))}
      </ul>
      {removing ? <RemoveDialog member={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}

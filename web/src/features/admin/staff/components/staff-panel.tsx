import { ROLE_AREAS, STAFF_ROLE_LABELS, STAFF_ROLES } from '@acres/contracts/staff-roles';
import { ShieldCheck } from 'lucide-react';
import { TitledCard } from '@/components/ui/titled-card';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { useAdminSession } from '@/features/admin/shell/lib/admin-session';
import { useAdminStaff } from '../api/staff-api';
import { InviteStaffForm } from './invite-staff-form';
import { StaffList } from './staff-list';

/** The owner's Staff tab (issue 27): invite by email, change a role, remove; and what each role may use. */
export function StaffPanel() {
  const { data } = useAdminStaff();
  const { session } = useAdminSession();
  return (
    <div className="flex flex-col gap-6" data-testid="staff-panel">
      <TitledCard title="Invite a staff member" contentClassName="flex flex-col gap-4">
        <p className="text-sm text-slate-600">They get an emailed link to choose a password and set up an authenticator app.</p>
        <InviteStaffForm />
      </TitledCard>
      <section aria-labelledby="staff-members-title" className="flex flex-col gap-3">
        <h3 id="staff-members-title" className="text-lg font-bold text-brand-950">
          Staff members
        </h3>
        {!data ? (
          <ListSkeleton />
        ) : data.staff.length === 0 ? (
          <EmptyState icon={ShieldCheck} title="No staff yet">
            Invite the first member above.
          </EmptyState>
        ) : (
          <StaffList staff={data.staff} selfId={session?.me.id ?? null} />
        )}
      </section>
      <section aria-labelledby="staff-roles-title" className="flex flex-col gap-2 text-sm text-slate-700">
        <h3 id="staff-roles-title" className="text-lg font-bold text-brand-950">
          What each role may use
        </h3>
        <ul className="flex flex-col gap-1">
          {STAFF_ROLES.map((role) => (
            <li key={role}>
              <strong>{STAFF_ROLE_LABELS[role]}:</strong> {ROLE_AREAS[role].join(', ')}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import {
  type AcceptStaffInvitationRequest,
  type StaffInvitation,
  type StaffInvitationAcceptedResponse,
  StaffInvitationAcceptedResponseSchema,
  StaffInvitationSchema,
} from '@acres/contracts/staff';
import { apiRequest } from '@/lib/api-client';

/** POST, not GET: the token stays out of any URL a log keeps. */
export async function openInvitation(token: string): Promise<StaffInvitation> {
  const res = await apiRequest('POST', '/api/staff/invitation', { token });
  return StaffInvitationSchema.parse(await res.json());
}

export async function acceptInvitation(request: AcceptStaffInvitationRequest): Promise<StaffInvitationAcceptedResponse> {
  const res = await apiRequest('POST', '/api/staff/invitation/accept', request);
  return StaffInvitationAcceptedResponseSchema.parse(await res.json());
}

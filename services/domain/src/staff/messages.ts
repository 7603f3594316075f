export const STAFF_NOT_FOUND_MESSAGE = 'Staff member not found';
export const STAFF_ALREADY_ACTIVE_MESSAGE = 'This person has already joined: change their role instead of inviting them again';
export const STAFF_ALREADY_REMOVED_MESSAGE = 'This staff member has already been removed';
export const STAFF_REMOVE_SELF_MESSAGE = 'You cannot remove yourself; another owner can';
export const STAFF_INVITATION_EMAIL_MESSAGE = 'An invitation is sent again to the address it was first sent to';
export { STAFF_INVITATION_INVALID_MESSAGE } from '@acres/contracts/staff';

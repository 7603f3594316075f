/** Which of the admin's sign-in forms shows first: the owner's username or a staff member's email. */
export type AdminSignInMode = 'owner' | 'staff';

const KEY = 'acres.admin.signin';

// Only the choice of form is remembered, never a credential.
export function rememberedAdminSignInMode(): AdminSignInMode {
  try {
    return localStorage.getItem(KEY) === 'staff' ? 'staff' : 'owner';
  } catch {
    return 'owner';
  }
}

export function rememberAdminSignInMode(mode: AdminSignInMode): void {
  try {
    localStorage.setItem(KEY, mode);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

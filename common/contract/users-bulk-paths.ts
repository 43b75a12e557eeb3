/**
 * The Users list's bulk actions and their labels (params schemas: usersBulkActions in users.ts). Not in
 * users-paths.ts as other areas have them: that file loads with the login route's sign-in (users/me), and the
 * labels are only the Users page's.
 */
export const usersBulkLabels = { deactivate: 'Deactivate', reactivate: 'Reactivate', role: 'Change role' } as const;

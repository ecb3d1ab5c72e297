/** The user screens' name as the spec gives it: "Manage User" (the definition's plural would say "Manage Users"). */
export const USER_SCREEN_TEXTS = { listTitle: 'Manage User' } as const;

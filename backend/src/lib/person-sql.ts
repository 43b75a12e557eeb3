/** A users row of `alias` as a PersonRef JSON object ({ id, display_name, email }), or NULL when the join found none. */
export const personJson = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'display_name', ${alias}.display_name, 'email', ${alias}.email) END`;

/**
 * A record's way to its full audit trail: a small link to the Audit page narrowed to the record,
 * shown to the roles that may open that page (ADMIN) only.
 */
import { Link } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { canSee } from '../../../common/access.ts';
import type { AuditEntity } from '../../../common/events.ts';
import { auditListPath } from '../../../common/contract/audit-paths.ts';
import { isStaffRole } from '../../../common/roles.ts';
import { session } from '../state/session.ts';

export function AuditLink({ entity, record }: { entity: AuditEntity; record: number }) {
  useSignals();
  const role = session.value.role;
  if (!isStaffRole(role) || !canSee(role, 'audit')) return null;
  return (
    <Link className="audit-link" href={auditListPath({ entity, record })}>
      On the Audit page
    </Link>
  );
}

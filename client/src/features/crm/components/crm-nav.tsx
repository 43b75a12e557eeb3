import { Link } from 'wouter';
import { crmPagePath } from '../../../../../common/contract/crm-paths.ts';

/** Board or list: two views of the same leads. */
export function CrmViewSwitch({ current }: { current: 'board' | 'list' }) {
  return (
    <nav className="crm__views" aria-label="CRM views">
      <Link href={crmPagePath.board} className="crm__view" aria-current={current === 'board' ? 'page' : undefined}>
        Board
      </Link>
      <Link href={crmPagePath.list} className="crm__view" aria-current={current === 'list' ? 'page' : undefined}>
        List
      </Link>
    </nav>
  );
}

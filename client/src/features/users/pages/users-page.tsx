import { Suspense, lazy, memo, useCallback, useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import type { RoleChoice, StaffUser, usersBulkActions } from '../../../../../common/contract/users.ts';
import { usersBulkLabels } from '../../../../../common/contract/users-bulk-paths.ts';
import { STAFF_ROLES, isStaffRole, roleLabel } from '../../../../../common/roles.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec } from '../../../components/bulk-action-spec.ts';
import { ChoiceParam } from '../../../components/bulk-params.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { VirtualRows } from '../../../components/virtual-rows.tsx';
import { formatDubaiDate } from '../../../lib/dates.ts';
import { integerField, multiChoiceField, serialiseListView, textField } from '../../../lib/url-list-state.ts';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll.ts';
import { useListParams } from '../../../lib/use-list-controller.ts';
import { useInfiniteQuery } from '../../../lib/use-query.ts';
import { useRowSelection, type RowKey } from '../../../lib/use-row-selection.ts';
import { useSavedViews } from '../../../lib/use-saved-views.ts';
import { userDisplayName } from '../../../lib/user-name.ts';
import { session } from '../../../state/session.ts';
import { fetchUsers, userKeys, useRoleChoices, users } from '../api.ts';
import { USER_STATUS_LABELS, canResendLink } from '../model.ts';
import '../../../components/data-table.css';
import '../components/users.css';

// The dialogs load when one first opens: most visits to the page only read the list.
const HistoryDialog = lazy(() => import('../components/history-dialog.tsx').then((module) => ({ default: module.HistoryDialog })));
const InviteDialog = lazy(() => import('../components/user-dialogs.tsx').then((module) => ({ default: module.InviteDialog })));
const RoleDialog = lazy(() => import('../components/user-dialogs.tsx').then((module) => ({ default: module.RoleDialog })));
const ActiveDialog = lazy(() => import('../components/user-dialogs.tsx').then((module) => ({ default: module.ActiveDialog })));
const ResendLinkDialog = lazy(() => import('../components/user-dialogs.tsx').then((module) => ({ default: module.ResendLinkDialog })));

/** Search (lower case) and the role filter live in the URL; page is the list schema's, unused by an infinite list. */
const USERS_VIEW = {
  page: integerField(1),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  roles: multiChoiceField(STAFF_ROLES),
};

/** Every row is this tall (users.css), which lets the virtualiser place rows without measuring them. */
const ROW_HEIGHT = 56;

type OpenDialog =
  | { kind: 'invite' }
  | { kind: 'role'; user: StaffUser }
  | { kind: 'active'; user: StaffUser }
  | { kind: 'history'; user: StaffUser }
  | { kind: 'resend'; user: StaffUser }
  | null;

/**
 * Deactivate, reactivate and change role in bulk: each user through the page's own single-user
 * action on the server, with its rules (never oneself, never the last active administrator).
 */
function bulkActions(roles: readonly RoleChoice[]): readonly BulkActionSpec[] {
  const staffRoles = roles.flatMap((choice) => (isStaffRole(choice.value) ? [{ value: choice.value, label: choice.label }] : []));
  return [
    bulkSpec<typeof usersBulkActions.deactivate>({ action: 'deactivate', label: usersBulkLabels.deactivate, verb: 'deactivated (signed out, the account disabled)', initialParams: {} }),
    bulkSpec<typeof usersBulkActions.reactivate>({ action: 'reactivate', label: usersBulkLabels.reactivate, verb: 'reactivated', initialParams: {} }),
    bulkSpec<typeof usersBulkActions.role>({
      action: 'role',
      phrase: 'Change the role of',
      label: usersBulkLabels.role,
      verb: 'given the role',
      stepUp: true,
      initialParams: { role: null },
      ready: (params) => params.role !== null,
      renderParams: (params, setParams) => <ChoiceParam label="New role" value={params.role} choices={staffRoles} onChange={(role) => setParams({ role })} />,
    }),
  ];
}

export function UsersPage() {
  useSignals();
  const [view, setView] = useListParams(USERS_VIEW);
  // Saved views and selection as the list controller gives them; the page keeps its own infinite list.
  const savedViews = useSavedViews('users');
  const selection = useRowSelection(serialiseListView(USERS_VIEW, view));
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  const roleChoices = useRoleChoices();
  const staffChoices = useMemo<RoleChoice[]>(() => (roleChoices.data ?? []).filter((choice) => isStaffRole(choice.value)), [roleChoices.data]);

  // Every write invalidates ['users']: the loaded pages are read again together and the rows change in place.
  const query = useMemo(() => ({ search: view.search || undefined, role__in: view.roles.length > 0 ? view.roles.join(',') : undefined }), [view.search, view.roles]);
  const list = useInfiniteQuery(userKeys.list(query), (page, signal) => fetchUsers({ ...query, page }, signal));
  const rows = list.items;
  const keys = useMemo(() => rows.map((user) => user.id), [rows]);
  const bulk = useMemo(() => bulkActions(staffChoices), [staffChoices]);
  const toggle = selection.toggle;
  const pick = useCallback((index: number, range: boolean) => toggle(keys, index, range), [toggle, keys]);
  const allPicked = keys.length > 0 && (selection.allMatching || keys.every((key) => selection.selected.has(key)));

  useInfiniteScroll({ canLoad: list.hasNextPage && !list.isLoading && list.error === undefined, loadMore: list.fetchNextPage, loaded: list.items.length });

  const openDialog = useCallback((kind: RowAction, user: StaffUser) => setDialog({ kind, user }), []);
  const ownEmail = session.value.email?.toLowerCase();

  const toggleRole = (role: (typeof STAFF_ROLES)[number]) =>
    setView({ roles: view.roles.includes(role) ? view.roles.filter((value) => value !== role) : STAFF_ROLES.filter((value) => value === role || view.roles.includes(value)) });

  return (
    <div className="users-page">
      {savedViews && <SavedViewsBar views={savedViews} />}
      <div className="users-toolbar">
        <SearchBox value={view.search} onSearch={(search) => setView({ search })} placeholder="Search name or e-mail" label="Search users" maxLength={MAX_SEARCH_LENGTH} />
        <div className="role-filter" role="group" aria-label="Filter by role">
          {staffChoices.map((choice) => (
            <button
              key={choice.value}
              type="button"
              className="role-filter__chip"
              aria-pressed={view.roles.includes(choice.value as (typeof STAFF_ROLES)[number])}
              onClick={() => toggleRole(choice.value as (typeof STAFF_ROLES)[number])}
            >
              {choice.label}
            </button>
          ))}
        </div>
        <Button className="users-toolbar__invite" onClick={() => setDialog({ kind: 'invite' })} disabled={staffChoices.length === 0}>
          Invite user
        </Button>
      </div>

      <BulkBar
        list="users"
        noun={['user', 'users']}
        selection={selection}
        pageKeys={keys}
        count={list.count}
        filter={{ ...(query.search ? { search: query.search } : {}), ...(query.role__in ? { role__in: query.role__in } : {}) }}
        actions={bulk}
        endpoint={users.changeRole}
      />

      <div className="users-table" role="table" aria-label="Staff users" aria-busy={list.isLoading || undefined}>
        <div role="rowgroup">
          <div role="row" className="users-table__row data-table__row--header">
            <span role="columnheader" className="data-table__cell users-row__pick">
              <input type="checkbox" className="data-table__checkbox" aria-label="Select all loaded users" checked={allPicked} disabled={keys.length === 0} onChange={() => selection.togglePage(keys)} />
              <span className="visually-hidden">Picture</span>
            </span>
            <span role="columnheader" className="data-table__cell">
              Name
            </span>
            <span role="columnheader" className="data-table__cell">
              E-mail
            </span>
            <span role="columnheader" className="data-table__cell">
              Role
            </span>
            <span role="columnheader" className="data-table__cell">
              Joined
            </span>
            <span role="columnheader" className="data-table__cell">
              Status
            </span>
            <span role="columnheader" className="data-table__cell">
              <span className="visually-hidden">Actions</span>
            </span>
          </div>
        </div>
        <div role="rowgroup">
          <VirtualRows
            count={rows.length}
            rowHeight={ROW_HEIGHT}
            renderRow={(index) => {
              const user = rows[index]!;
              const self = user.email.toLowerCase() === ownEmail;
              const picked = selection.allMatching || selection.selected.has(user.id as RowKey);
              return <UserRow key={user.id} user={user} self={self} onOpen={openDialog} index={index} picked={picked} onPick={pick} />;
            }}
          />
        </div>
      </div>

      <div className="users-footer" aria-live="polite">
        {list.isLoading && <LoadingIndicator label="Loading users" />}
        {list.error !== undefined && !list.isLoading && (
          <div className="users-footer__error" role="alert">
            <span>The next users could not be loaded.</span>
            <Button variant="outlined" onClick={list.retry}>
              Retry
            </Button>
          </div>
        )}
        {!list.isLoading && list.error === undefined && rows.length === 0 && <EmptyState />}
        {!list.isLoading && list.error === undefined && !list.hasNextPage && rows.length > 0 && (
          <span className="users-footer__end">{rows.length === 1 ? 'The only matching user is shown' : `All ${rows.length} users shown`}</span>
        )}
      </div>

      <Suspense fallback={null}>
        {dialog?.kind === 'invite' && <InviteDialog roles={staffChoices} onClose={closeDialog} />}
        {dialog?.kind === 'role' && <RoleDialog user={dialog.user} roles={staffChoices} onClose={closeDialog} />}
        {dialog?.kind === 'active' && <ActiveDialog user={dialog.user} onClose={closeDialog} />}
        {dialog?.kind === 'history' && <HistoryDialog user={dialog.user} onClose={closeDialog} />}
        {dialog?.kind === 'resend' && <ResendLinkDialog user={dialog.user} onClose={closeDialog} />}
      </Suspense>
    </div>
  );
}

type RowAction = 'role' | 'active' | 'history' | 'resend';

/** An address that has to wrap breaks before its '@' first, rather than anywhere in the name. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Memoised: scrolling re-renders the visible window, and rows whose user did not change stay as they are. */
const UserRow = memo(function UserRow({
  user,
  self,
  onOpen,
  index,
  picked,
  onPick,
}: {
  user: StaffUser;
  self: boolean;
  onOpen: (kind: RowAction, user: StaffUser) => void;
  index: number;
  picked: boolean;
  onPick: (index: number, range: boolean) => void;
}) {
  const name = userDisplayName(user.display_name);
  const status = USER_STATUS_LABELS[user.status];
  return (
    <div role="row" className={user.active ? 'users-table__row users-row' : 'users-table__row users-row users-row--inactive'}>
      <span role="cell" className="data-table__cell users-row__pick">
        <input type="checkbox" className="data-table__checkbox" aria-label={`Select ${name}`} checked={picked} onChange={() => undefined} onClick={(event) => onPick(index, event.shiftKey)} />
        <span className="users-row__avatar">
          <Avatar name={name} picture={user.profile_picture} />
        </span>
      </span>
      <span role="cell" className="data-table__cell users-row__name" title={name}>
        {name}
        {self && <span className="users-row__you"> (you)</span>}
      </span>
      <span role="cell" className="data-table__cell users-row__email" title={user.email}>
        <EmailAddress email={user.email} />
      </span>
      <span role="cell" className="data-table__cell">
        {roleLabel(user.role)}
      </span>
      <span role="cell" className="data-table__cell">
        {formatDubaiDate(user.date_joined)}
      </span>
      <span role="cell" className="data-table__cell">
        <StatusChip variant={status.variant}>{status.label}</StatusChip>
      </span>
      <span role="cell" className="data-table__cell users-row__actions">
        <button type="button" className="users-row__action" disabled={self} onClick={() => onOpen('role', user)} aria-label={`Change the role of ${name}`}>
          Role
        </button>
        <button type="button" className="users-row__action" disabled={self} onClick={() => onOpen('active', user)} aria-label={`${user.active ? 'Deactivate' : 'Reactivate'} ${name}`}>
          {user.active ? 'Deactivate' : 'Reactivate'}
        </button>
        <button type="button" className="users-row__action" onClick={() => onOpen('history', user)} aria-label={`History of ${name}`}>
          History
        </button>
        {canResendLink(user) && (
          <button type="button" className="users-row__action" onClick={() => onOpen('resend', user)} aria-label={`Send ${name} a new set-password link`}>
            Resend link
          </button>
        )}
      </span>
    </div>
  );
});

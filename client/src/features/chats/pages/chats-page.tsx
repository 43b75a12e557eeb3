import { Suspense, lazy } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { CHAT_FILTERS, chatsBulkLabels, type ChatFilter } from '../../../../../common/contract/chats-paths.ts';
import type { chatsBulkActions, ConversationItem } from '../../../../../common/contract/chats.ts';
import { MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec, type BulkDraft } from '../../../components/bulk-action-spec.ts';
import { PersonParam, bulkFilter } from '../../../components/bulk-params.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NextUnassignedButton } from '../../../components/next-unassigned-button.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { formatRelativeDay, formatTime } from '../../../lib/dates.ts';
import { badgeLabel } from '../../../lib/badge.ts';
import { choiceField, integerField, textField, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import type { RowSelection } from '../../../lib/use-row-selection.ts';
import { chats, useStaffChoices } from '../api.ts';
import { personName } from '../../../lib/user-name.ts';
import '../../../components/controls.css';
import '../components/chats.css';

const Conversation = lazy(() => import('../components/conversation.tsx').then((module) => ({ default: module.Conversation })));

const FILTER_LABELS: Record<ChatFilter, string> = { all: 'All', mine: 'Mine', unassigned: 'Unassigned', waiting: 'Waiting', resolved: 'Resolved' };

const CHATS_VIEW = {
  filter: choiceField<ChatFilter>(CHAT_FILTERS, 'all'),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  page: integerField(1),
  conversation: integerField(0, 0),
};
type ChatsView = ListView<typeof CHATS_VIEW>;
const queryOf = (view: ChatsView) => ({ filter: view.filter, ...(view.search ? { search: view.search } : {}), page: view.page, page_size: 50 });

/** The bulk dialog's assignee: the staff who may hold a chat, loaded when the dialog opens. */
type AssignDraft = BulkDraft<typeof chatsBulkActions.assign>;
function AssigneeChoice(props: { params: AssignDraft; setParams: (params: AssignDraft) => void }) {
  const staff = useStaffChoices();
  return <PersonParam {...props} label="Assign to" field="assignee_id" people={staff.data?.staff ?? []} none="Nobody (unassign)" />;
}

/** Assign or resolve the selected chats, or all matching ones, as one job on the server. */
const BULK: readonly BulkActionSpec[] = [
  bulkSpec<typeof chatsBulkActions.assign>({
    action: 'assign',
    label: chatsBulkLabels.assign,
    verb: 'assigned',
    initialParams: { assignee_id: null },
    renderParams: (params, setParams) => <AssigneeChoice params={params} setParams={setParams} />,
  }),
  bulkSpec<typeof chatsBulkActions.resolve>({ action: 'resolve', label: chatsBulkLabels.resolve, verb: 'resolved', initialParams: {} }),
];

/** Conversations with their last message, time and unread count on the left; the open one on the right. */
export function ChatsPage() {
  useSignals();
  const list = useListController({
    endpoint: chats.list,
    schema: CHATS_VIEW,
    query: queryOf,
    pageSize: 50,
    list: 'chats',
    recordParams: ['conversation'],
  });
  const { view, update } = list;
  const keys = (list.rows ?? []).map((item) => item.id);
  return (
    <section className="panel page-panel chats-page" aria-label="Chats">
      {list.savedViews && <SavedViewsBar views={list.savedViews} />}
      <BulkBar
        list="chats"
        noun={['chat', 'chats']}
        selection={list.selection}
        pageKeys={keys}
        count={list.page?.count}
        filter={bulkFilter(list.query ?? {})}
        actions={BULK}
        endpoint={chats.assign}
      />
      <div className="chats-page__panes">
      <aside className="chats-list" aria-label="Conversations">
        <div className="segmented chats-list__filters" role="group" aria-label="Show">
          {CHAT_FILTERS.map((value) => (
            <button key={value} type="button" aria-pressed={view.filter === value} onClick={() => update({ filter: value })}>
              {FILTER_LABELS[value]}
            </button>
          ))}
        </div>
        <SearchBox value={view.search} onSearch={list.setSearch} placeholder="Search clients" label="Search conversations" maxLength={MAX_SEARCH_LENGTH} />
        <div className="chats-list__tools">
          <PageCheckbox selection={list.selection} keys={keys} />
          <NextUnassignedButton queue="chats" />
        </div>
        {list.isLoading && !list.rows && <LoadingIndicator label="Loading conversations" />}
        {list.rows && list.rows.length === 0 && <EmptyState />}
        <ul className="chats-list__items">
          {(list.rows ?? []).map((item, index) => (
            <ConversationRow
              key={item.id}
              item={item}
              active={item.id === view.conversation}
              selected={list.selection.allMatching || list.selection.selected.has(item.id)}
              onSelect={(range) => list.selection.toggle(keys, index, range)}
              onOpen={() => update({ conversation: item.id })}
            />
          ))}
        </ul>
      </aside>
      <div className="chats-pane">
        {view.conversation > 0 ? (
          <Suspense fallback={<LoadingIndicator label="Loading the conversation" />}>
            <Conversation key={view.conversation} conversationId={view.conversation} />
          </Suspense>
        ) : (
          <p className="chats-pane__hint">Choose a conversation.</p>
        )}
      </div>
      </div>
    </section>
  );
}

/** Selects every conversation listed (or clears them), like a table's header box. */
function PageCheckbox({ selection, keys }: { selection: RowSelection; keys: readonly number[] }) {
  const count = keys.filter((key) => selection.selected.has(key)).length;
  const all = selection.allMatching || (keys.length > 0 && count === keys.length);
  return (
    <label className="chats-list__select">
      <input type="checkbox" checked={all} disabled={keys.length === 0} onChange={() => selection.togglePage(keys)} />
      Select all shown
    </label>
  );
}

function ConversationRow({ item, active, selected, onSelect, onOpen }: { item: ConversationItem; active: boolean; selected: boolean; onSelect: (range: boolean) => void; onOpen: () => void }) {
  return (
    <li className="chat-row__item">
      <input
        type="checkbox"
        className="chat-row__check"
        aria-label={`Select ${item.client.legal_name}`}
        checked={selected}
        onChange={() => {}}
        onClick={(event) => onSelect(event.shiftKey)}
      />
      <button type="button" className={active ? 'chat-row chat-row--active' : 'chat-row'} aria-current={active || undefined} onClick={onOpen} data-conversation={item.id}>
        <span className="chat-row__top">
          <span className="chat-row__client">{item.client.legal_name}</span>
          {item.last_message && <span className="chat-row__time">{`${formatRelativeDay(item.last_message.at)} ${formatTime(item.last_message.at)}`}</span>}
        </span>
        <span className="chat-row__bottom">
          <span className="chat-row__preview">{item.last_message?.preview ?? ''}</span>
          {item.unread > 0 && (
            <span className="chat-row__unread" aria-label={`${item.unread} unread`}>
              {badgeLabel(item.unread)}
            </span>
          )}
        </span>
        <span className="chat-row__meta">
          {personName(item.assignee, 'Unassigned')}
          {item.status !== 'open' && ` · ${item.status === 'waiting' ? 'Waiting' : 'Resolved'}`}
        </span>
      </button>
    </li>
  );
}

/**
 * The pipeline's buttons (common/pipeline.ts is the table): a list row and a record page show exactly the
 * actions the machine allows the signed-in role in the registration's phase (model.ts `visibleActions`).
 * A reminder is sent at once; every other action opens its dialog (pipeline-dialogs.tsx, loaded with the
 * first one opened), which asks first where the table says the action cannot simply be undone.
 */
import { lazy, Suspense, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { RegistrationReview } from '../../../../../common/contract/registrations.ts';
import { pipelineAction } from '../../../../../common/pipeline.ts';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { queryCache } from '../../../lib/query-cache.ts';
import { notifyError } from '../../../lib/toast.ts';
import { useAction } from '../../../lib/use-action.ts';
import { session } from '../../../state/session.ts';
import { downloadCalendar, registrationKeys, registrations, remind } from '../api.ts';
import { hasCall, visibleActions, type ActionTarget, type OpenDialog, type StaffAction } from '../model.ts';
import './pipeline-actions.css';

const ActionDialog = lazy(() => import('./pipeline-dialogs.tsx').then((module) => ({ default: module.ActionDialog })));

const VARIANT: Partial<Record<StaffAction, 'primary' | 'outlined' | 'danger' | 'ghost'>> = {
  withdraw: 'danger',
  cancel_meeting: 'ghost',
  reinstate: 'outlined',
  reschedule_meeting: 'outlined',
  mark_no_show: 'outlined',
  remind: 'outlined',
};

interface PipelineActionsProps {
  target: ActionTarget;
  /** 'row': a list row's own step actions, small; 'page': every action, withdraw and reinstate included. */
  variant: 'row' | 'page';
}

export function PipelineActions({ target, variant }: PipelineActionsProps) {
  useSignals();
  const role = session.value.role;
  const keys = visibleActions(target, role, variant);
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const [downloading, setDownloading] = useState(false);
  const close = () => setOpen(null);

  const reminder = useAction<void, RegistrationReview>({
    run: (_input, { headers }) => remind(target.id, headers),
    success: `Reminder sent to ${target.legal_name}`,
    endpoint: registrations.remind,
    onSuccess: (answer) => queryCache.setData(registrationKeys.review(target.id), answer),
  });

  const openOf = (key: StaffAction): (() => void) => {
    if (key === 'remind') return () => void reminder.run();
    if (key === 'mark_held') return () => setOpen({ outcome: 'held' });
    if (key === 'mark_no_show') return () => setOpen({ outcome: 'no_show' });
    return () => setOpen(key);
  };

  const calendar = async () => {
    setDownloading(true);
    try {
      await downloadCalendar(target.id, target.registration_id);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  if (keys.length === 0 && !hasCall(target.phase)) return null;
  const buttons = keys.map((key) => (
    <Button
      key={key}
      variant={key === 'set_plan' && target.plan_name !== null ? 'outlined' : (VARIANT[key] ?? 'primary')}
      className={variant === 'row' ? 'button--small' : undefined}
      loading={key === 'remind' && reminder.busy}
      onClick={openOf(key)}
      aria-label={variant === 'row' ? `${pipelineAction(key).label}: ${target.legal_name}` : undefined}
    >
      {pipelineAction(key).label}
    </Button>
  ));
  const calendarButton = hasCall(target.phase) && (
    <Button
      variant="ghost"
      className={variant === 'row' ? 'button--small' : undefined}
      loading={downloading}
      onClick={() => void calendar()}
      aria-label={`Download the call of ${target.legal_name} (.ics)`}
    >
      <Icon name="calendar" size={16} />
      {variant === 'page' && 'Download .ics'}
    </Button>
  );
  return (
    <div className={`pipeline-actions pipeline-actions--${variant}`}>
      {/* In a row the .ics button leads, held together with the first action: last, it wrapped onto a line of its own. */}
      {variant === 'row' && calendarButton && buttons.length > 0 ? (
        <>
          <span className="pipeline-actions__lead">
            {calendarButton}
            {buttons[0]}
          </span>
          {buttons.slice(1)}
        </>
      ) : (
        <>
          {buttons}
          {calendarButton}
        </>
      )}
      {open !== null && (
        <Suspense fallback={null}>
          <ActionDialog open={open} target={target} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

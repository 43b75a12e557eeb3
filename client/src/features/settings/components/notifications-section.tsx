import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../../../components/button.tsx';
import { enablePushNotifications, deviceState, pushPermission, type DeviceState, type PermissionState } from '../../../lib/push.ts';
import { isDemoMode } from '../../../lib/runtime-config.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { sendTestNotification } from '../api.ts';

const PERMISSION_TEXT: Record<PermissionState, string> = {
  default: 'Not asked yet',
  granted: 'Allowed',
  denied: 'Blocked (change it in the browser’s site settings)',
  unsupported: 'Not supported by this browser',
};

const DEVICE_TEXT: Record<DeviceState, string> = {
  unknown: 'Not registered',
  registering: 'Registering…',
  registered: 'Registered for push notifications',
  'not-registered': 'Registration failed (see the browser console)',
  unavailable: 'Push messaging is not available here',
};

/** Browser permission with the button that asks for it, this device's push registration, and the demo's test. */
export function NotificationsSection() {
  useSignals();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const permission = pushPermission.value;

  const ask = async () => {
    setAsking(true);
    try {
      await enablePushNotifications();
    } finally {
      setAsking(false);
    }
  };

  const sendTest = async () => {
    setSending(true);
    try {
      await sendTestNotification();
      notifySuccess('Test notification sent');
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="panel settings__section" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications">Notifications</h2>
      <dl className="settings__facts">
        <div>
          <dt>Browser permission</dt>
          <dd data-testid="notification-permission">{PERMISSION_TEXT[permission]}</dd>
        </div>
        <div>
          <dt>This device</dt>
          <dd data-testid="device-state">{DEVICE_TEXT[deviceState.value]}</dd>
        </div>
      </dl>
      <div className="settings__actions">
        {permission === 'default' && (
          <Button loading={asking} onClick={() => void ask()}>
            Allow browser notifications
          </Button>
        )}
        {isDemoMode() && (
          <Button variant="outlined" loading={sending} onClick={() => void sendTest()}>
            Send a test notification
          </Button>
        )}
      </div>
      {isDemoMode() && <p className="settings__note">The test notification is a demo tool: it exists only while the console runs on the Auth emulator.</p>}
    </section>
  );
}

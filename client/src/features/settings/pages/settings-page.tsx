import { NotificationsSection } from '../components/notifications-section.tsx';
import { SecuritySection } from '../components/security-section.tsx';
import '../components/settings.css';

export function SettingsPage() {
  return (
    <div className="settings">
      <NotificationsSection />
      <SecuritySection />
    </div>
  );
}

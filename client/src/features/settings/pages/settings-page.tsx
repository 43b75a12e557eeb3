import { NotificationsSection } from '../components/notifications-section.tsx';
import '../components/settings.css';

export function SettingsPage() {
  return (
    <div className="settings">
      <NotificationsSection />
    </div>
  );
}

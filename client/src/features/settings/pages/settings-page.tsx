import { NotificationsSection } from './notifications-section.tsx';
import './settings.css';

export function SettingsPage() {
  return (
    <div className="settings">
      <NotificationsSection />
    </div>
  );
}

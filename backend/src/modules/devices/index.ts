import type { BackendModule } from '../../lib/module.ts';
import { deviceRoutes } from './routes.ts';

export const devicesModule: BackendModule = { name: 'devices', routes: deviceRoutes };

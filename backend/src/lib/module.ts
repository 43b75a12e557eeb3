/**
 * What a module (one folder under modules/, one per area) gives the app. modules/index.ts lists them in the
 * order the app registers them; modules meet only through each other's index. Their demo data is not part of
 * them: demo/seeds.ts lists each area's seed.
 */
import type { FastifyInstance } from 'fastify';
import type { BackendConfig } from '../config.ts';
import type { WorkContributions } from './work-registry.ts';

export interface ModuleOptions {
  config: BackendConfig;
  /** Every module of the app (search, Home and bulk actions read the areas' contributions from them). */
  modules: readonly BackendModule[];
}

export interface BackendModule {
  name: string;
  /**
   * App-wide set-up before any route (decorators such as the notification hub, background work); run in
   * the root scope, so what it decorates is visible to every module.
   */
  setup?: (app: FastifyInstance, options: ModuleOptions) => Promise<void>;
  /** Routes under /api/, each declaring its `config.access`. */
  routes?: (app: FastifyInstance, options: ModuleOptions) => Promise<void>;
  /** Routes outside /api/ (health checks). */
  rootRoutes?: (app: FastifyInstance, options: ModuleOptions) => Promise<void>;
  /** Search providers, Home blocks, next-unassigned queues and bulk actions of the area (lib/work-registry.ts). */
  work?: WorkContributions;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a file or an event stream, not JSON: it has no response schema (the route sweep allows it). */
    rawResponse?: boolean;
  }
}

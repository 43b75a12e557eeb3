import { dateCases } from './date-cases.ts';

process.env.TZ = 'UTC';
dateCases(0);

import { z } from 'zod';

/** The maintenance page (§2.4, §3.11): what it shows, its password, and the live flag's event (§4). */

/** `GET /api/Web/GetMaintenanceModeSettings` data (§3.11): the description is HTML, with entities decoded. */
export const maintenanceSettings = z.object({
  isPasswordProtected: z.enum(['0', '1']),
  heading: z.string(),
  description: z.string(),
  isMaintenance: z.boolean(),
});
export type MaintenanceSettings = z.infer<typeof maintenanceSettings>;

/** `POST /api/Web/CheckMaintenanceModePassword` (§5: required, labelled Password). */
export const checkMaintenancePasswordRequest = z.object({
  password: z.string().min(1, 'is a required field').max(200, 'must be at most 200 characters'),
});
/** Its answer: true sets the bypass cookie; false (still HTTP 200) means a wrong password (§8: toast Invalid Password). */
export const checkMaintenancePasswordAnswer = z.object({ data: z.boolean() });

/** The server-sent event of the live maintenance flag, named and spelled as §4 spells it. */
export const MAINTENANCE_EVENT = 'isMaintanance';
/** The data of that event. */
export const maintenanceEvent = z.object({ isMaintanance: z.boolean() });

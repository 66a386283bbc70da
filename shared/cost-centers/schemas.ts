import * as z from 'zod';
import { Version } from '../schemas/common.ts';
import { NodeFields, NodeUpdateFields } from '../tree/schemas.ts';

export const CreateCostCenterBody = z.strictObject(NodeFields);
export type CreateCostCenterInput = z.infer<typeof CreateCostCenterBody>;

export const UpdateCostCenterBody = z.strictObject(NodeUpdateFields);
export type UpdateCostCenterInput = z.infer<typeof UpdateCostCenterBody>;

export const StateChangeBody = z.strictObject({ version: Version });

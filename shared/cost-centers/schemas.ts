import * as z from '../schemas/zod.ts';
import { Version } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import { nodeFields, nodeUpdateFields } from '../tree/schemas.ts';

export const CreateCostCenterBody = /* @__PURE__ */ lazy(() => z.strictObject(nodeFields()));
export type CreateCostCenterInput = z.output<ReturnType<typeof CreateCostCenterBody>>;

export const UpdateCostCenterBody = /* @__PURE__ */ lazy(() => z.strictObject(nodeUpdateFields()));
export type UpdateCostCenterInput = z.output<ReturnType<typeof UpdateCostCenterBody>>;

export const StateChangeBody = /* @__PURE__ */ lazy(() => z.strictObject({ version: Version() }));

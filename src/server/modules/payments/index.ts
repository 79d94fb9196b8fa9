/**
 * The payments module's public face beside its service: what a business's plan allows (the
 * proposals module's monthly allowance), the webhook's path for the sandbox's deliveries, and a
 * business's plan standing as SQL for the directory (sponsored first, the plan's badge).
 */
export { businessPlan, businessPlanLimits, receiveSignedEvent } from './service';
export type { PlanLimits, BusinessPlan } from './catalogue';
export { sponsoredBusinessIds, standingOf, type PlanStanding } from './standing';

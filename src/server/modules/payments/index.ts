/**
 * The payments module's public face beside its service: what a business's plan allows (the
 * proposals module's monthly allowance), and the webhook's path for the sandbox's deliveries.
 */
export { businessPlan, businessPlanLimits, receiveSignedEvent } from './service';
export type { PlanLimits, BusinessPlan } from './catalogue';

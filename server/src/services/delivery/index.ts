// What routes and jobs use of the delivery queue (push subscriptions, e-mail choices, the job's work).
export { subscribe, listDevices, removeDevice } from './subscriptions';
export { getMailPreferences, saveMailPreferences, resumeMail, unsubscribeWithToken, readUnsubscribeToken } from './mail-preferences';
export { drainDeliveries, addDrainResults, type DrainResult } from './drain';

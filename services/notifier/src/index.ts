export { startNotifier, type Notifier, type NotifierOptions } from './notifier.ts';
export { NotifierConfigShape, readNotifierSettings, refineNotifierConfig, type NotifierSettings } from './config.ts';
export { outboxDirOf } from './channels/channels.ts';

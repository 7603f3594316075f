export declare const EVENTS_TABLE_SQL: RegExp;
export declare const EVENTS_TABLE_EXCEPTIONS: string[];
export declare const eventLogPlugin: { rules: Record<string, unknown> };

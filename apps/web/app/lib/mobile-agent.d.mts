export declare function isMobileUserAgent(userAgent: string | null | undefined): boolean;
